// The public surface of the pure forecast engine: no I/O, no clock ("today" is always a parameter).
export * from './forecast-months.js';
export * from './types.js';
export { computeForecast, overdueOccurrences, plannedOccurrences } from './compute-forecast.js';
export { occurrenceKeyText } from './planned-occurrences.js';
export { ForecastModel, occurrenceParts, type OccurrencePart, type ResultQuery } from './forecast-model.js';
export { coverageOf, mergeRanges, type Coverage } from './coverage.js';
export { occurrenceState, stateRulesOf, type OccurrenceState, type StateRules } from './occurrence-state.js';
export * from './scenario-levers.js';
export { calendarWarnings } from './calendar-warnings.js';
export { calendarLeafId } from './payment-calendar.js';
