/** System categories every organisation sees; users cannot change them (issue "Foundation"). */
export const systemCategoryNames = [
  'Generell',
  'Umsatz',
  'Hosting',
  'Steuern',
  'Lizenzen',
  'Sozialabgaben',
  'Projekte',
  'Bankspesen',
  'Buchhaltung',
  'Investitionen',
  'Leasing',
  'Miete',
  'Telefon',
  'Versicherungen',
  'Übriges',
  'Lohnkosten',
] as const;

/** Swiss VAT rates in basis points (8.1 % = 810): standard, reduced, accommodation. */
export const systemVatRates = [810, 260, 380] as const;
