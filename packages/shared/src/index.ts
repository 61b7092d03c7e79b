// The public surface of the shared package: schemas, types and pure helpers used by api, web and forecast.
export * from './errors.js';
export * from './schemas/fields.js';
export * from './schemas/pagination.js';
export * from './schemas/reference.js';
export * from './currencies.js';
export * from './money.js';
export * from './calendar.js';
export * from './constants.js';
export * from './color-scheme-boot.js';
export * from './reference-data.js';
export * from './validation-messages.js';
export * from './schemas/auth.js';
export * from './schemas/profile.js';
export * from './schemas/organisations.js';
