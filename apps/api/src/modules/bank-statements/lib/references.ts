import { hasRightMod10Digit, isValidScor } from '@saldopilot/shared';
import type { ReferenceType } from './statement.js';

export interface ClassifiedReference {
  reference: string;
  type: ReferenceType | null;
  /** null when the type has no check digit to test. */
  checkDigitsRight: boolean | null;
}

/**
 * The structured reference of a payment and its type: the file's own code where it names one
 * (SCOR, QRR, ISR/ESR), else the shape — "RF…" is SCOR, 27 digits QRR, 16 digits ISR. Spaces are
 * dropped. The check digits are tested but a wrong one is only reported (docs/bank-statements.md).
 */
export function classifyReference(raw: string, declared?: string | null): ClassifiedReference {
  const reference = raw.replace(/\s+/g, '').toUpperCase();
  const code = declared?.trim().toUpperCase();
  let type: ReferenceType | null = null;
  if (code === 'SCOR') type = 'SCOR';
  else if (code === 'QRR') type = 'QRR';
  else if (code === 'ISR' || code === 'ESR' || code === 'IPI') type = 'ISR';
  else if (reference.startsWith('RF')) type = 'SCOR';
  else if (/^[0-9]{27}$/.test(reference)) type = 'QRR';
  else if (/^[0-9]{16}$/.test(reference)) type = 'ISR';
  if (type === 'SCOR') return { reference, type, checkDigitsRight: isValidScor(reference) };
  if (type === 'QRR')
    return { reference, type, checkDigitsRight: /^[0-9]{27}$/.test(reference) && hasRightMod10Digit(reference) };
  if (type === 'ISR') return { reference, type, checkDigitsRight: hasRightMod10Digit(reference) };
  return { reference, type: null, checkDigitsRight: null };
}

const TYPE_NAMES: Record<ReferenceType, string> = {
  QRR: 'QR-Referenz',
  SCOR: 'Creditor Reference (SCOR)',
  ISR: 'ESR-Referenz',
};

/** The warning of a reference with a wrong check digit. */
export function wrongReferenceWarning(reference: ClassifiedReference): string | undefined {
  if (!reference.type || reference.checkDigitsRight !== false) return undefined;
  return `${TYPE_NAMES[reference.type]} ${reference.reference}: Prüfziffer falsch`;
}
