/** The texts every dialog of the kit shares (docs/web.md "Forms and dialogs"). */
export const dialogTexts = {
  save: 'Speichern',
  clone: 'Klonen',
  cancel: 'Abbrechen',
  delete: 'Löschen',
  success: 'Erfolg',
} as const;
