import '@mantine/core/styles/Menu.css';
import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { ExportFormat } from '@saldopilot/shared';
import { ApiError } from '../../lib/api-error';
import { saveFile, type DownloadedFile } from '../../lib/save-file';
import { showToast } from '../../lib/toast';
import { listTexts } from './list-texts';

/**
 * "Exportieren" (docs/reports.md "Lists"): the list with its current search, filters and sort as an
 * Excel or a CSV file, every row of it, made by the server. The page hands in the call (features
 * alone talk to the API).
 */
export function ExportMenu({ onExport }: { onExport: (format: ExportFormat) => Promise<DownloadedFile> }) {
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      saveFile(await onExport(format), `Export.${format}`);
    } catch (error) {
      showToast({
        severity: 'error',
        summary: 'Fehler',
        detail: error instanceof ApiError ? error.message : listTexts.exportFailed,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          loading={busy}
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {listTexts.export}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void run('xlsx')}>{listTexts.exportXlsx}</Menu.Item>
        <Menu.Item onClick={() => void run('csv')}>{listTexts.exportCsv}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
