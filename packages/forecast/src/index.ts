// The public surface of the pure forecast engine: no I/O, no clock ("today" is always a parameter).
export * from './forecast-months.js';
export * from './types.js';
export { computeForecast, overdueOccurrences, plannedOccurrences } from './compute-forecast.js';
export { occurrenceKeyText } from './planned-occurrences.js';
export { ForecastModel, occurrenceParts, type OccurrencePart, type ResultQuery } from './forecast-model.js';
export { changesBetween, recordChanges } from './list-changes.js';
export { coverageOf, mergeRanges, type Coverage } from './coverage.js';
export { occurrenceState, stateRulesOf, type OccurrenceState, type StateRules } from './occurrence-state.js';
export { calendarWarnings, vatLimitsApply, vatLimitWarnings } from './calendar-warnings.js';
export { calendarLeafId, calendarLeafNames, isCalendarLeaf } from './payment-calendar.js';
export { leafNoteKey, type LeafNote } from './leaf-notes.js';
export { compareNames } from './tree.js';
export {
  detectRecurring,
  normaliseCounterpartyName,
  RECURRING_CONFIDENCE_THRESHOLD,
  type DayRule,
  type RecurringCycle,
  type RecurringSeries,
  type StatementEntry,
} from './recurring/detect-recurring.js';
export {
  scoreDetection,
  syntheticStatements,
  type DetectionScore,
  type LabelledEntry,
  type SyntheticStatements,
} from './recurring/synthetic-statements.js';
export {
  delayText,
  learnDelays,
  MIN_PAYMENTS_FOR_DELAY,
  type LearnedDelay,
  type MatchedPayment,
} from './recurring/payment-delays.js';
export * from './scenario-levers.js';
export { payrollId, type EmployeeTimeline } from './scenario-payroll.js';
export * from './series-rows.js';
