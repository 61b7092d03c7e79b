// The public surface of the pure forecast engine: no I/O, no clock ("today" is always a parameter).
export * from './forecast-months.js';
