/** Excel's limits of one sheet: it refuses a file with a cell beyond them. */
export const MAX_COLUMNS = 16_384;
export const MAX_ROWS = 1_048_576;

const names: string[] = [];

/** The letters of a column, 0-based: 0 → A, 25 → Z, 26 → AA. Kept once computed (every row asks again). */
export function columnName(index: number): string {
  const known = names[index];
  if (known !== undefined) return known;
  if (!Number.isInteger(index) || index < 0 || index >= MAX_COLUMNS) {
    throw new RangeError(`column ${index} is outside the sheet (at most ${MAX_COLUMNS} columns)`);
  }
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  names[index] = name;
  return name;
}
