import { describe, expect, it } from 'vitest';
import { tokenLifetimes } from '@saldopilot/shared';
import { auditViaLabel, lifetimeLabel } from './access-texts';

describe('lifetimeLabel', () => {
  it('names each lifetime the dialog offers', () => {
    expect(tokenLifetimes.map(lifetimeLabel)).toEqual(['7 Tage', '30 Tage', '90 Tage', '1 Jahr']);
  });
});

describe('auditViaLabel', () => {
  it('says whether a token or an assistant made the change, with its name', () => {
    expect(auditViaLabel({ via: 'token', clientName: 'CI-Export' })).toBe('Token: CI-Export');
    expect(auditViaLabel({ via: 'assistant', clientName: 'Claude' })).toBe('Assistent: Claude');
  });
});
