import { z } from 'zod';

// Zod's bundled German locale reads like a compiler ("erwartet, dass string >=2 Zeichen hat"); these
// are the sentences a user of the product should see. Anything not covered falls back to it.
const germanFallback = z.locales.de().localeError;

const typeNames: Record<string, string> = {
  string: 'Text',
  number: 'Zahl',
  int: 'ganze Zahl',
  boolean: 'Ja/Nein-Wert',
  object: 'Objekt',
  array: 'Liste',
  date: 'Datum',
};

const formatMessages: Record<string, string> = {
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  url: 'Bitte geben Sie eine gültige Adresse (URL) ein',
  date: 'Bitte geben Sie ein gültiges Datum im Format JJJJ-MM-TT ein',
  datetime: 'Bitte geben Sie einen gültigen Zeitpunkt ein',
};

type Issue = Parameters<NonNullable<typeof germanFallback>>[0];

function sizeMessage(issue: Issue & { code: 'too_small' | 'too_big' }): string {
  const small = issue.code === 'too_small';
  const bound = small ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive !== false;
  if (issue.origin === 'string') {
    if (small && Number(bound) === 1) return 'Dieses Feld darf nicht leer sein';
    return small ? `Mindestens ${bound} Zeichen erforderlich` : `Höchstens ${bound} Zeichen erlaubt`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    return small ? `Mindestens ${bound} Einträge erforderlich` : `Höchstens ${bound} Einträge erlaubt`;
  }
  if (small) return inclusive ? `Der Wert muss mindestens ${bound} sein` : `Der Wert muss grösser als ${bound} sein`;
  return inclusive ? `Der Wert darf höchstens ${bound} sein` : `Der Wert muss kleiner als ${bound} sein`;
}

/** Turns a validation issue into a German sentence for the user. */
export function germanIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Dieses Feld ist erforderlich';
      return `Ungültiger Wert: ${typeNames[issue.expected] ?? issue.expected} erwartet`;
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue);
    case 'invalid_format':
      return formatMessages[issue.format] ?? 'Ungültiges Format';
    case 'unrecognized_keys':
      return issue.keys.length === 1 ? 'Unbekanntes Feld' : 'Unbekannte Felder';
    case 'invalid_value':
      return 'Ungültiger Wert: bitte einen der erlaubten Werte wählen';
    case 'not_multiple_of':
      return `Der Wert muss ein Vielfaches von ${issue.divisor} sein`;
    default: {
      const fallback = germanFallback?.(issue);
      return typeof fallback === 'string' ? fallback : (fallback?.message ?? 'Ungültige Eingabe');
    }
  }
}

/** Makes every zod schema in this process answer in German; called once by api and web at start. */
export function useGermanValidationMessages(): void {
  z.config({ localeError: germanIssueMessage });
}
