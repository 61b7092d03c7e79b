import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hasPositiveIntegerId, validateRoute } from './route-validation';
import { RouteError } from './route-errors';

describe('hasPositiveIntegerId', () => {
  it.each(['1', '12', '9007199254740991'])('accepts %s', (id) => {
    expect(hasPositiveIntegerId({ id })).toBe(true);
  });

  it.each(['abc', '0', '-1', '01', '1.5', '1e3', ' 1', '9007199254740992', ''])('refuses "%s"', (id) => {
    expect(hasPositiveIntegerId({ id })).toBe(false);
  });

  it('refuses a missing id', () => {
    expect(hasPositiveIntegerId({})).toBe(false);
  });
});

describe('validateRoute', () => {
  const loader = validateRoute(hasPositiveIntegerId);
  const call = (url: string, id: string) =>
    loader({ params: { id }, request: new Request(url) } as unknown as LoaderFunctionArgs);

  it('lets valid parameters through', () => {
    expect(call('http://app.test/employees/5', '5')).toBeNull();
  });

  it('throws the fatal 404 with the path', () => {
    let thrown: unknown;
    try {
      call('http://app.test/employees/abc?x=1', 'abc');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RouteError);
    expect(thrown).toMatchObject({ status: 404, message: 'Page Not Found: /employees/abc' });
  });
});
