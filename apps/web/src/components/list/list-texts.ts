/** The German texts of the shared list (docs/web.md "Lists"; Mantine's own labels are English). */
export const listTexts = {
  search: 'Suchen',
  clearSearch: 'Suche leeren',
  showAsList: 'Als Liste anzeigen',
  showAsGrid: 'Als Kacheln anzeigen',
  sortBy: 'Sortieren nach',
  sortAscending: 'Aufsteigend sortieren',
  sortDescending: 'Absteigend sortieren',
  noResults: 'Keine Einträge gefunden',
  pages: 'Seiten',
  previousPage: 'Vorherige Seite',
  nextPage: 'Nächste Seite',
  firstPage: 'Erste Seite',
  lastPage: 'Letzte Seite',
  selectPage: 'Alle auf dieser Seite auswählen',
  select: (name: string) => `${name} auswählen`,
  export: 'Exportieren',
  exportXlsx: 'Als Excel (.xlsx)',
  exportCsv: 'Als CSV (.csv)',
  exportFailed: 'Die Datei konnte nicht erstellt werden',
} as const;

/**
 * Search waits this long after the last keystroke before it asks the server (docs/web.md "Lists").
 */
export const SEARCH_DEBOUNCE_MS = 300;
