import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCopy, IconPencil } from '@tabler/icons-react';
import { Z_INDEX, type BankAccount } from '@saldopilot/shared';
import { openBankAccountDialog } from './bank-account-dialog';
import { bankAccountTexts as texts } from './bank-account-texts';

/** Clone (purple, research §1.11 "help") and edit buttons of an account, named for screen readers. */
export function BankAccountActions({ account }: { account: BankAccount }) {
  return (
    <>
      <Tooltip label={texts.clone} zIndex={Z_INDEX.tooltip}>
        <ActionIcon
          variant="outline"
          color="grape.9"
          radius="xl"
          aria-label={texts.cloneOf(account.name)}
          onClick={() => void openBankAccountDialog({ mode: 'clone', account })}
        >
          <IconCopy size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={texts.editTitle} zIndex={Z_INDEX.tooltip}>
        <ActionIcon
          variant="outline"
          radius="xl"
          aria-label={texts.editOf(account.name)}
          onClick={() => void openBankAccountDialog({ mode: 'edit', account })}
        >
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
