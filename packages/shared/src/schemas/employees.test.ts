import { describe, expect, it } from 'vitest';
import { hoursPerMonthSchema, salaryMessages, vacationDaysSchema } from './employees.js';

describe('whole-number salary fields', () => {
  it.each([
    [hoursPerMonthSchema, 480, salaryMessages.hoursRequired, salaryMessages.hours],
    [vacationDaysSchema, 365, salaryMessages.vacationRequired, salaryMessages.vacation],
  ])(
    'take 0 to the maximum, name a missing or emptied (null) value as missing and anything else as out of range',
    (schema, max, required, invalid) => {
      expect(schema.safeParse(0).success).toBe(true);
      expect(schema.safeParse(max).success).toBe(true);
      for (const missing of [undefined, null])
        expect(schema.safeParse(missing).error?.issues[0]?.message).toBe(required);
      for (const wrong of [-1, max + 1, 1.5, '8'])
        expect(schema.safeParse(wrong).error?.issues[0]?.message).toBe(invalid);
    },
  );
});
