import { describe, expect, it } from 'vitest';
import { pathTo, routePaths } from './routes';

describe('pathTo', () => {
  it('returns the path of a route without parameters', () => {
    expect(pathTo('index')).toBe('/');
    expect(pathTo('settings-profile')).toBe('/settings/profile');
    expect(pathTo('bank-accounts')).toBe('/bank-accounts');
    expect(pathTo('auth-invitation')).toBe('/auth/invitation');
    expect(pathTo('forecasts-plan-actual')).toBe('/forecasts/plan-actual');
    expect(pathTo('settings-access')).toBe('/settings/access');
    expect(pathTo('oauth-authorize')).toBe('/oauth/authorize');
    expect(pathTo('overview')).toBe('/overview');
    expect(pathTo('scenarios-compare')).toBe('/scenarios/compare');
  });

  it('fills in and encodes the parameters', () => {
    expect(pathTo('employees-id', { id: 12 })).toBe('/employees/12');
    expect(pathTo('settings-organisations-id', { id: '7' })).toBe('/settings/organisations/7');
    expect(pathTo('employees-id', { id: 'a/b' })).toBe('/employees/a%2Fb');
    expect(pathTo('bank-accounts-id-entries', { id: 3 })).toBe('/bank-accounts/3/entries');
    expect(pathTo('scenarios-id', { id: 4 })).toBe('/scenarios/4');
  });

  it('has every route name of docs/product.md, and ours for the invitation page, the entries, Plan/Ist, access and scenarios', () => {
    expect(Object.keys(routePaths).sort()).toEqual(
      [
        'index',
        // Ours: the Übersicht over the user's organisations (docs/cockpit.md).
        'overview',
        'settings',
        'settings-app',
        'settings-organisations',
        'settings-organisations-id',
        'settings-profile',
        'settings-access',
        'auth',
        'auth-validate',
        'auth-registration',
        'auth-forgot-password',
        'auth-reset-password',
        'auth-invitation',
        'employees',
        'employees-id',
        'transactions',
        'bank-accounts',
        'bank-accounts-id-entries',
        'forecasts',
        'forecasts-plan-actual',
        'oauth-authorize',
        'scenarios',
        'scenarios-compare',
        'scenarios-id',
      ].sort(),
    );
  });
});
