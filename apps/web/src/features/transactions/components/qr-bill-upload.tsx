import { useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { qrBillContentTypes, type User } from '@saldopilot/shared';
import { messageOf } from '../../../lib/api-error';
import { showToast } from '../../../lib/toast';
import { readQrBill } from '../api/qr-bills';
import { openTransactionDialog } from './transaction-dialog';
import { qrBillTexts as texts } from './transaction-texts';

/**
 * "QR-Rechnung hochladen" (docs/qr-bills.md "The web"): one or several files chosen at once, read
 * one after the other; each readable bill opens the transaction dialog filled from it, a file that
 * cannot be read says why in a message naming the file.
 */
export function QrBillUpload({ user }: { user: User }) {
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);

  async function readAll(files: readonly File[]) {
    setReading(true);
    try {
      for (const file of files) {
        let preview;
        try {
          preview = await readQrBill(file);
        } catch (error) {
          showToast({
            severity: 'error',
            summary: texts.readFailed(file.name),
            detail: messageOf(error, texts.unreadable),
          });
          continue;
        }
        await openTransactionDialog({ kind: 'qr-bill', preview }, user);
      }
    } finally {
      setReading(false);
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        accept={[...qrBillContentTypes, '.pdf', '.png', '.jpg', '.jpeg'].join(',')}
        aria-label={texts.upload}
        data-testid="qr-bill-file"
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length > 0) void readAll(files);
        }}
      />
      <Button
        variant="default"
        leftSection={<IconQrcode size={18} aria-hidden />}
        loading={reading}
        onClick={() => input.current?.click()}
      >
        {texts.upload}
      </Button>
    </>
  );
}
