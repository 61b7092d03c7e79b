// A year of a small company's bank statements as a CSV export (docs/recurring.md): November 2025 to
// October 2026 (the app's today being 2026-11-21), written here — rent on the 1st and leasing on the
// 25th moved to a weekday, AHV Akonto on the 10th after each quarter, three salaries on the 25th as
// a salary run, and a one-off supplier a month. Found in it: four series (recurring.spec.ts,
// plan-learns.spec.ts).

/** The weekday of a date (0 Sunday), and the date moved to a weekday (forward or back). */
function weekday(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}
export function shift(date: string, days: number): string {
  const moved = new Date(`${date}T12:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}
export function nextWeekday(date: string): string {
  let day = date;
  while ([0, 6].includes(weekday(day)) || day.endsWith('-01-01') || day.endsWith('-01-02') || day.endsWith('-08-01'))
    day = shift(day, 1);
  return day;
}
function previousWeekday(date: string): string {
  let day = date;
  while ([0, 6].includes(weekday(day))) day = shift(day, -1);
  return day;
}

export function aYearCsv(): string {
  const lines = ['Buchungsdatum;Buchungstext;Zahlungsempfänger;Betrag;Referenz'];
  const add = (date: string, text: string, name: string, amount: string) => {
    const [year, month, day] = date.split('-');
    lines.push(`${day}.${month}.${year};${text};${name};${amount};`);
  };
  for (let i = 0; i < 12; i += 1) {
    const index = 2025 * 12 + 10 + i;
    const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    add(nextWeekday(`${month}-01`), 'Miete', 'Immobilien Zentrum AG', '-2000.00');
    add(previousWeekday(`${month}-25`), 'Leasingrate', 'AMAG Leasing AG', '-480.00');
    if (['01', '04', '07', '10'].includes(month.slice(5)))
      add(nextWeekday(`${month}-10`), 'AHV Akonto', 'Ausgleichskasse Zürich', '-4820.50');
    for (const [name, amount] of [
      ['Anna Meier', '-5200.00'],
      ['Luca Keller', '-6100.00'],
      ['Sara Huber', '-4700.00'],
    ]) {
      add(previousWeekday(`${month}-25`), 'Lohn', name as string, amount as string);
    }
    add(shift(`${month}-01`, 3 + ((i * 7) % 20)), 'Rechnung', `Lieferant ${i}`, `-${(12 + i * 37).toFixed(2)}`);
  }
  return `${lines.join('\n')}\n`;
}
