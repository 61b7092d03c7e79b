import { useRef, useState, type DragEvent } from 'react';
import { Button, FileButton, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { showRecurringAfterImport } from './recurring-dialog';
import { statementFileAccept } from './statement-file';
import { statementTexts as texts } from './statement-texts';
import classes from './statement-drop.module.css';

/** Opens the import dialog, loaded with the first file: the page's first load stays as it was; the recurring list after it. */
async function openImport(file: File) {
  const { openStatementImportDialog } = await import('./statement-import-dialog');
  if (await openStatementImportDialog(file)) {
    // docs/recurring.md: after every import, the series found are counted and their list opens.
    await showRecurringAfterImport();
  }
}

/** "Kontoauszug importieren" of the toolbar: picks a file and opens the preview. */
export function StatementImportButton() {
  // Cleared after each pick, so the same file picked again (a second import) opens the preview again.
  const reset = useRef<() => void>(null);
  const picked = (file: File | null) => {
    reset.current?.();
    if (file) void openImport(file);
  };
  return (
    <FileButton accept={statementFileAccept} onChange={picked} resetRef={reset}>
      {(props) => (
        <Button variant="default" leftSection={<IconFileImport size={18} aria-hidden />} {...props}>
          {texts.importButton}
        </Button>
      )}
    </FileButton>
  );
}

/**
 * The drop zone of the Bankkonten page (docs/web.md "Bankkonten"): a statement file dropped here
 * opens the same preview as the button. Several files: the first one (a zip carries many).
 */
export function StatementDropZone() {
  const [over, setOver] = useState(false);
  const accept = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setOver(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) void openImport(file);
  };
  return (
    <div
      className={classes.zone}
      data-over={over || undefined}
      data-testid="statement-drop-zone"
      onDragEnter={accept}
      onDragOver={accept}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <Text size="sm" c={over ? undefined : 'dimmed'}>
        {over ? texts.dropActive : texts.dropHint}
      </Text>
    </div>
  );
}
