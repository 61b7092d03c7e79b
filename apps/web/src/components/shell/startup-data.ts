import { useEffect } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { User } from '@saldopilot/shared';
import { showToast } from '../../lib/toast';
import { categoriesQuery } from '../../reference-data/categories';
import { currenciesQuery } from '../../reference-data/currencies';
import { fiatRatesQuery } from '../../reference-data/fiat-rates';
import { openOrganisationsGate, useOrganisations } from '../../reference-data/organisations';
import { serverTimeQuery } from '../../reference-data/server-time';
import { requestAccessToken } from '../../reference-data/session';

export const startupTexts = {
  referenceDataSummary: 'Fehler',
  referenceDataDetail: 'Es scheint aktuell technische Probleme zu geben.',
  organisationsSummary: 'Fehler',
  organisationsDetail: 'Wir konnten Ihre Organisationen nicht laden. Dies scheint ein Systemfehler zu sein',
} as const;

// Once per app load, also when React mounts the shell twice in development.
let accessTokenRequested = false;

/**
 * The start of a signed-in app (docs/product.md "Start of a signed-in app"): currencies, categories, rates for the organisation's
 * currency and the server time in parallel, then the organisations; the access token once.
 * Failures show the toasts of docs/product.md "Error catalogue".
 */
function useStartupData(user: User): void {
  const results = useQueries({
    queries: [currenciesQuery, categoriesQuery, fiatRatesQuery(user.currency.code), serverTimeQuery],
  });
  const settled = results.every((result) => !result.isPending);
  const failed = results.some((result) => result.isError);
  const organisations = useOrganisations();

  useEffect(() => {
    if (settled) openOrganisationsGate();
  }, [settled]);

  useEffect(() => {
    if (!failed) return;
    showToast({
      id: 'startup-reference-data',
      severity: 'warn',
      summary: startupTexts.referenceDataSummary,
      detail: startupTexts.referenceDataDetail,
    });
  }, [failed]);

  useEffect(() => {
    if (!organisations.isError) return;
    showToast({
      id: 'startup-organisations',
      severity: 'error',
      summary: startupTexts.organisationsSummary,
      detail: startupTexts.organisationsDetail,
    });
  }, [organisations.isError]);

  useEffect(() => {
    if (accessTokenRequested) return;
    accessTokenRequested = true;
    void requestAccessToken();
  }, []);
}

/**
 * Runs the start of the signed-in app (useStartupData) and draws nothing. A component of its own,
 * so that each arriving answer redraws only this, not the whole shell around the page: five
 * redraws of the navigation and frame cost ~100 ms while the Prognose page drew its first frame.
 */
export function StartupData({ user }: { user: User }): null {
  useStartupData(user);
  return null;
}
