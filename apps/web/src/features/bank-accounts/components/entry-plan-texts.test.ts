import { describe, expect, it } from 'vitest';
import { planActualMessages } from '@saldopilot/shared';
import { ApiError } from '../../../lib/api-error';
import { entryPlanText, entryPlanTexts, isOccurrenceTaken } from './entry-plan-texts';

const rent = {
  kind: 'transactions' as const,
  id: 4,
  dueDate: '2026-10-03',
  name: 'Büromiete',
  category: 'Miete',
  amount: -2_400_00,
};

describe("an entry's place in the plan", () => {
  it('says open, what it is matched to with the due date, or the category it counts under', () => {
    expect(entryPlanText({ plan: { state: 'open', occurrence: null, occurrences: [] }, category: null })).toBe('Offen');
    expect(entryPlanText({ plan: { state: 'matched', occurrence: rent, occurrences: [rent] }, category: null })).toBe(
      'Zugeordnet: Büromiete (03.10.2026)',
    );
    expect(
      entryPlanText({
        plan: { state: 'unplanned', occurrence: null, occurrences: [] },
        category: { id: 8, name: 'Bankspesen' },
      }),
    ).toBe('Nicht geplant: Bankspesen');
  });

  it('counts the occurrences of a salary run, and names each with its due date', () => {
    const salary = (id: number, name: string) => ({
      kind: 'salaries' as const,
      id,
      dueDate: '2026-10-31',
      name,
      category: 'Löhne',
      amount: -600_000,
    });
    const run = [salary(1, 'Anna Holz'), salary(2, 'Beat Leim'), salary(3, 'Carla Hobel')];
    expect(entryPlanText({ plan: { state: 'matched', occurrence: run[0]!, occurrences: run }, category: null })).toBe(
      'Zugeordnet: 3 geplante Zahlungen',
    );
    expect(entryPlanTexts.occurrenceLine(run[1]!)).toBe('Beat Leim (31.10.2026)');
    expect(entryPlanTexts.matchAllOf({ reasons: ['Lohnlauf: 3 Löhne'], occurrences: run })).toBe(
      'Alle zuordnen: Lohnlauf: 3 Löhne, fällig 31.10.2026',
    );
  });

  it('counts the confirmed entries', () => {
    expect(entryPlanTexts.confirmed(1)).toBe('1 Buchung zugeordnet');
    expect(entryPlanTexts.confirmed(3)).toBe('3 Buchungen zugeordnet');
  });

  it('knows the 409 of an occurrence held by another entry, which offers the split payment', () => {
    expect(isOccurrenceTaken(new ApiError(409, planActualMessages.occurrenceTaken, { code: 'CONFLICT' }))).toBe(true);
    expect(isOccurrenceTaken(new ApiError(409, planActualMessages.entryTaken, { code: 'CONFLICT' }))).toBe(false);
    expect(isOccurrenceTaken(new ApiError(400, planActualMessages.occurrenceTaken))).toBe(false);
    expect(isOccurrenceTaken(new Error(planActualMessages.occurrenceTaken))).toBe(false);
  });
});

// docs/web.md "Buchungen"
describe('the way to the match settings (one word per thing)', () => {
  it('names the settings tab "Organisationen" and the section «Abgleich mit der Bank», as the navigation does', () => {
    // The tab is "Organisationen" (features/settings/settings-page.tsx), the section "Abgleich mit der
    // Bank" (forecast-settings-texts.ts matchTitle); docs/web.md "Einstellungen", "Organisation".
    expect(entryPlanTexts.noSuggestionsHint).toContain(
      'Einstellungen → Organisationen → Ihre Organisation → «Abgleich mit der Bank»',
    );
    expect(entryPlanTexts.noSuggestionsHint).not.toMatch(/Einstellungen → Organisation(?!en)/);
  });
});
