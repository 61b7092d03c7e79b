import { formatAmount, fundRhythmLabels, type FundRhythm, type PaymentCalendar } from '@saldopilot/shared';
import { calendarLeverTexts, paymentCalendarTexts as texts } from './payment-calendar-texts';

/**
 * A fund's block of the payment calendar in words (docs/payment-calendar.md "The calendar"), for
 * promote's conflicts (docs/scenarios.md "One scenario"): "Monatlich, Akonto berechnet, 10 Tage";
 * none is "mit dem Lohn".
 */
type Block = keyof PaymentCalendar;
const legends: Record<Block, string> = {
  ahv: texts.ahv,
  bvg: texts.bvg,
  uvg: texts.uvg,
  ktg: texts.ktg,
  withholdingTax: texts.withholdingTax,
};

export function isCalendarBlock(name: string): name is Block {
  return name in legends;
}

/** "Zahlungskalender: Pensionskasse (BVG)". */
export function calendarBlockLabel(block: Block): string {
  return `${texts.title}: ${legends[block]}`;
}

export function calendarBlockSummary(value: unknown): string {
  if (value === null || value === undefined || typeof value !== 'object') return calendarLeverTexts.off;
  const block = value as Record<string, unknown>;
  const parts: string[] = [];
  if ('rhythm' in block) {
    parts.push(typeof block.rhythm === 'string' ? fundRhythmLabels[block.rhythm as FundRhythm] : texts.derived);
  }
  if ('akonto' in block)
    parts.push(block.akonto === null ? 'Akonto berechnet' : `Akonto ${formatAmount(Number(block.akonto))}`);
  if (block.inAdvance === true) parts.push(texts.inAdvance);
  if ('premiumMonth' in block) parts.push(`Prämie im Monat ${String(block.premiumMonth)}`);
  if ('instalments' in block) parts.push(`${String(block.instalments)} ${texts.instalments}`);
  if ('finalMonth' in block) parts.push(`Schlussabrechnung im Monat ${String(block.finalMonth)}`);
  if ('differenceMonth' in block) parts.push(`Differenz im Monat ${String(block.differenceMonth)}`);
  if ('canton' in block) parts.push(String(block.canton));
  if ('dueDays' in block) parts.push(`${String(block.dueDays)} Tage`);
  return parts.join(', ');
}
