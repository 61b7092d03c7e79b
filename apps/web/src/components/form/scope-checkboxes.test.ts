import { describe, expect, it } from 'vitest';
import { accessScopes } from '@saldopilot/shared';
import { checkedScopes } from './scope-checkboxes';

describe('checkedScopes', () => {
  it('keeps the order offered, whatever the order of the clicks', () => {
    expect(checkedScopes(accessScopes, ['salaries:read', 'forecast:read'])).toEqual(['forecast:read', 'salaries:read']);
  });

  it('answers only scopes that were offered', () => {
    expect(checkedScopes(['data:read'], ['data:read', 'data:write', 'nonsense'])).toEqual(['data:read']);
    expect(checkedScopes(accessScopes, [])).toEqual([]);
  });
});
