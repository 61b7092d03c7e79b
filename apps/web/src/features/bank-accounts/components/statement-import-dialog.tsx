import { useId, useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  formatAmount,
  formatIban,
  SELECT,
  Z_INDEX,
  type BankAccount,
  type StatementEntryPreview,
  type StatementImportResult,
  type StatementPreview,
} from '@saldopilot/shared';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { SignedAmount } from '../../../components/money/signed-amount';
import { Amount } from '../../../components/money/amount';
import { messageOf } from '../../../lib/api-error';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { formatDate } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { importStatement, previewStatement } from '../api/bank-statements';
import { bankAccountsQuery } from '../api/list-bank-accounts';
import { CsvMappingForm } from './csv-mapping-form';
import { statementContentType } from './statement-file';
import { csvColumnLabels, statementTexts as texts } from './statement-texts';

// Every account of the organisation for the choice of an unmatched statement (the API's largest page).
const allAccounts = { page: 1, limit: 100, sortBy: 'name', sortOrder: 'ASC' } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function BalanceFact({
  label,
  balance,
  currency,
}: {
  label: string;
  balance: StatementPreview['openingBalance'];
  currency: string;
}) {
  return (
    <Fact label={label}>
      {balance ? (
        <>
          <Amount cents={balance.amount} currency={currency} /> ({formatDate(balance.date)})
        </>
      ) : (
        '–'
      )}
    </Fact>
  );
}

/** An alert's heading in the body text's colour: Mantine's yellow title fails AA contrast on its light background. */
function AlertHeading({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" fw={700} mb={4}>
      {children}
    </Text>
  );
}

function EntryTable({ entries, total }: { entries: StatementEntryPreview[]; total: number }) {
  const caption = texts.firstEntries(entries.length, total);
  // Wider than the dialog: the table scrolls sideways rather than break texts and references letter by letter.
  return (
    // Focusable and named: a keyboard user can scroll it (axe "scrollable-region-focusable").
    <Table.ScrollContainer type="native" minWidth={820} tabIndex={0} role="region" aria-label={caption}>
      <Table verticalSpacing={4} fz="sm" aria-label={caption} captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{texts.bookingDate}</Table.Th>
            <Table.Th ta="right">{texts.amount}</Table.Th>
            <Table.Th>{texts.counterparty}</Table.Th>
            <Table.Th>{texts.text}</Table.Th>
            <Table.Th>{texts.reference}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry, index) => (
            <Table.Tr key={index}>
              <Table.Td>{formatDate(entry.bookingDate)}</Table.Td>
              <Table.Td ta="right">
                <SignedAmount cents={entry.amount} currency={entry.currency} fw={500} />
              </Table.Td>
              <Table.Td>{entry.counterpartyName ?? ''}</Table.Td>
              <Table.Td>{entry.remittanceInformation ?? ''}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {entry.reference ? `${entry.referenceType ?? ''} ${entry.reference}`.trim() : ''}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge size="sm" variant="light" color={entry.alreadyImported ? 'gray' : 'teal'}>
                  {entry.alreadyImported ? texts.entryKnown : texts.entryNew}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const matchedByTexts: Record<NonNullable<StatementPreview['accountMatchedBy']>, string> = {
  iban: texts.matchedByIban,
  accountNumber: texts.matchedByAccountNumber,
  remembered: texts.matchedByRemembered,
  chosen: texts.matchedByChoice,
  new: texts.matchedByNew,
};

/** The value of the "new account" option of the choice per statement. */
const NEW_ACCOUNT = 'new';

/** The toast's text of a balance the import set ("Saldo übernommen: 84'515.25 per 20.06.2023"), named by account when several. */
function balanceLines(result: StatementImportResult): string[] {
  return result.balances.map((balance) => {
    const line = texts.balanceTaken(formatAmount(balance.amount), formatDate(balance.date));
    return result.balances.length > 1 ? `${balance.name}: ${line}` : line;
  });
}

/**
 * The choice of account for one statement that no account names (docs/web.md "Bankkonten"): an
 * account of the organisation, or a new one created from the statement.
 */
function AccountChoice({
  accounts,
  value,
  onChange,
}: {
  accounts: BankAccount[];
  value: number | 'new' | undefined;
  onChange: (value: number | 'new' | undefined) => void;
}) {
  return (
    <Select
      label={texts.chooseStatementAccount}
      description={texts.chooseStatementAccountHint}
      placeholder={texts.chooseAccountPlaceholder}
      data={[
        ...accounts.map((account) => ({
          value: String(account.id),
          label: account.iban ? `${account.name} (${formatIban(account.iban)})` : account.name,
        })),
        { value: NEW_ACCOUNT, label: texts.createAccount },
      ]}
      value={value === undefined ? null : String(value)}
      onChange={(choice) => onChange(choice === null ? undefined : choice === NEW_ACCOUNT ? 'new' : Number(choice))}
      maxDropdownHeight={SELECT.dropdownMaxHeight}
      // Above the dialog, as every select in a dialog.
      comboboxProps={{ zIndex: Z_INDEX.modal + 10 }}
      searchable
    />
  );
}

function StatementSummary({
  statement,
  heading,
  onMappingSaved,
  choice,
}: {
  statement: StatementPreview;
  heading: string;
  onMappingSaved: () => void;
  choice?: ReactNode;
}) {
  const currency = statement.currency ?? statement.account?.currency ?? '';
  const accountName = statement.account?.name ?? statement.newAccount?.name ?? texts.noAccount;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={`${heading}: ${accountName}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="h4">
            {accountName}
          </Title>
          <Text size="sm" c="dimmed">
            {heading}
            {statement.fileName ? ` · ${statement.fileName}` : ''}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
          <Fact label={texts.account}>
            {statement.newAccount
              ? texts.newAccount(statement.newAccount.name, statement.newAccount.currency)
              : statement.account
                ? `${statement.account.name} (${statement.accountMatchedBy ? matchedByTexts[statement.accountMatchedBy] : ''})`
                : texts.noAccount}
          </Fact>
          <Fact label={texts.kind}>{[statement.kind, statement.version].filter(Boolean).join(' ')}</Fact>
          {statement.accountNumber && !statement.iban ? (
            <Fact label={texts.accountNumber}>{statement.accountNumber}</Fact>
          ) : (
            <Fact label={texts.iban}>{statement.iban ? formatIban(statement.iban) : '–'}</Fact>
          )}
          <Fact label={texts.currency}>{statement.currency ?? '–'}</Fact>
          <Fact label={texts.period}>
            {statement.period ? `${formatDate(statement.period.from)} – ${formatDate(statement.period.to)}` : '–'}
          </Fact>
          <BalanceFact
            label={texts.opening}
            balance={statement.openingBalance}
            currency={statement.openingBalance?.currency ?? currency}
          />
          <BalanceFact
            label={texts.closing}
            balance={statement.closingBalance}
            currency={statement.closingBalance?.currency ?? currency}
          />
          <Fact label={texts.entryCount}>{statement.entryCount}</Fact>
          <Fact label={texts.newAndKnown}>{statement.summary}</Fact>
          {statement.balanceCheck ? (
            <Fact label={texts.balanceCheck}>
              <Text span inherit c={statement.balanceCheck.matches ? undefined : 'red.8'}>
                {statement.balanceCheck.matches ? texts.balanceCheckOk : texts.balanceCheckFailed}
              </Text>
            </Fact>
          ) : null}
          {statement.closingBalance ? (
            <Fact label={texts.balanceUpdate}>
              {statement.balanceUpdate.updates
                ? texts.balanceUpdates(formatDate(statement.closingBalance.date))
                : texts.balanceStays}
            </Fact>
          ) : null}
          {statement.pendingCount > 0 ? (
            <Fact label={texts.pendingLabel}>{texts.pending(statement.pendingCount)}</Fact>
          ) : null}
        </SimpleGrid>
        {choice}
        {statement.errors.length > 0 ? (
          <Alert color="red" variant="light" role="alert">
            <AlertHeading>{texts.errors}</AlertHeading>
            <ul style={{ margin: 0, paddingInlineStart: '1.2rem' }}>
              {statement.errors.map((error, index) => (
                <li key={index}>{error}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {statement.warnings.length > 0 || (!statement.balanceUpdate.updates && statement.balanceUpdate.reason) ? (
          <Alert color="yellow" variant="light" role="note">
            <AlertHeading>{texts.warnings}</AlertHeading>
            <ul style={{ margin: 0, paddingInlineStart: '1.2rem' }}>
              {statement.balanceUpdate.reason && !statement.balanceUpdate.updates ? (
                <li>{statement.balanceUpdate.reason}</li>
              ) : null}
              {statement.warnings.map((warning, index) => (
                <li key={index}>{warning}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {statement.csvColumns ? (
          <div>
            <Text size="sm" fw={600}>
              {texts.csvColumns}
            </Text>
            <Group gap="xs" mt={4}>
              {statement.csvColumns.map((column, index) => (
                <Badge key={index} variant="outline" color={column.role ? 'blue' : 'gray'} tt="none">
                  {column.header} → {column.role ? csvColumnLabels[column.role] : texts.csvColumnUnused}
                </Badge>
              ))}
            </Group>
          </div>
        ) : null}
        {statement.csvColumns && statement.account ? (
          <CsvMappingForm statement={{ ...statement, account: statement.account }} onSaved={onMappingSaved} />
        ) : null}
        {statement.entries.length > 0 ? <EntryTable entries={statement.entries} total={statement.entryCount} /> : null}
      </Stack>
    </Paper>
  );
}

function StatementImport({ file, dialog }: { file: File; dialog: DialogControls<boolean> }) {
  // One preview per dialog: a second dialog for another file never shares its answer.
  const instance = useId();
  const [bankAccountId, setBankAccountId] = useState<number | undefined>();
  // The choice per statement of a file with several (docs/bank-statements.md "Accounts").
  const [assign, setAssign] = useState<Record<number, number | 'new'>>({});
  const [importing, setImporting] = useState(false);
  const [importError, setImportError] = useState<string | null>(null);
  const upload = { file, contentType: statementContentType(file.name), bankAccountId, assign };
  const preview = useQuery({
    queryKey: ['bank-statement-preview', instance, bankAccountId, assign],
    queryFn: () => previewStatement(upload),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const statements = preview.data?.statements ?? [];
  // A statement no account names (or one chosen now) offers the choice of its account.
  const choosable = (statement: StatementPreview) =>
    statement.accountMatchedBy === null ||
    statement.accountMatchedBy === 'chosen' ||
    statement.accountMatchedBy === 'new';
  const needsChoice = statements.some(choosable);
  const accounts = useQuery({ ...bankAccountsQuery(allAccounts), enabled: needsChoice });
  // One statement: an account chosen for it is `bankAccountId` (a CSV is read with its remembered
  // mapping); several, or a new account: `assign` per statement.
  const single = statements.length === 1;
  const choiceOf = (index: number) => assign[index] ?? (single ? bankAccountId : undefined);
  const choose = (index: number, value: number | 'new' | undefined) => {
    if (single && value !== 'new') {
      setAssign({});
      setBankAccountId(value);
    } else {
      setAssign((current) => {
        const next = { ...current };
        if (value === undefined) delete next[index];
        else next[index] = value;
        return next;
      });
      if (single) setBankAccountId(undefined);
    }
  };

  const run = async () => {
    setImporting(true);
    setImportError(null);
    try {
      const result = await importStatement(upload);
      // A balance taken or an account created is news even when no entry is new (docs/web.md "Bankkonten").
      const news = [
        ...result.createdAccounts.map((account) => texts.accountCreated(account.name)),
        ...balanceLines(result),
      ];
      showToast(
        result.imported > 0
          ? {
              severity: 'success',
              summary: texts.success,
              detail: [texts.imported(result.imported, result.duplicates, result.balancesUpdated), ...news].join('. '),
            }
          : news.length > 0
            ? {
                severity: 'success',
                summary: texts.success,
                detail: [...news, texts.nothingImported(result.duplicates)].join('. '),
              }
            : { severity: 'info', summary: texts.nothingNew, detail: texts.nothingImported(result.duplicates) },
      );
      dialog.close(true);
    } catch (error) {
      setImportError(messageOf(error, texts.importFailed));
      setImporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {texts.file}: <strong>{file.name}</strong>
      </Text>
      {needsChoice && !single ? (
        <Select
          label={texts.chooseAccount}
          description={texts.chooseAccountHint}
          placeholder={texts.chooseAccountPlaceholder}
          data={(accounts.data?.data ?? []).map((account) => ({
            value: String(account.id),
            label: account.iban ? `${account.name} (${formatIban(account.iban)})` : account.name,
          }))}
          value={bankAccountId === undefined ? null : String(bankAccountId)}
          onChange={(value) => setBankAccountId(value ? Number(value) : undefined)}
          maxDropdownHeight={SELECT.dropdownMaxHeight}
          // Above the dialog, as every select in a dialog.
          comboboxProps={{ zIndex: Z_INDEX.modal + 10 }}
          searchable
        />
      ) : null}
      {preview.isError ? (
        <Alert color="red" variant="light" title={texts.readFailed} role="alert">
          {messageOf(preview.error, texts.readFailed)}
        </Alert>
      ) : preview.isPending || (preview.isFetching && !preview.data) ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{texts.reading}</Text>
        </Group>
      ) : statements.length === 0 ? (
        <Text>{texts.noStatements}</Text>
      ) : (
        <Stack gap="md" aria-busy={preview.isFetching || undefined}>
          {statements.map((statement, index) => (
            <StatementSummary
              key={index}
              statement={statement}
              heading={texts.statement(index + 1, statements.length)}
              onMappingSaved={() => void preview.refetch()}
              choice={
                choosable(statement) ? (
                  <AccountChoice
                    accounts={accounts.data?.data ?? []}
                    value={choiceOf(index)}
                    onChange={(value) => choose(index, value)}
                  />
                ) : null
              }
            />
          ))}
        </Stack>
      )}
      {importError ? (
        <Alert color="red" variant="light" title={texts.importFailed} role="alert">
          {importError}
        </Alert>
      ) : null}
      <DialogFooter onCancel={dialog.dismiss}>
        <Button
          leftSection={<IconFileImport size={18} aria-hidden />}
          onClick={() => void run()}
          loading={importing}
          disabled={!preview.data?.canImport || preview.isFetching}
        >
          {texts.import}
        </Button>
      </DialogFooter>
    </Stack>
  );
}

/**
 * "Kontoauszug importieren" (docs/web.md "Bankkonten"): the preview of the file, the account for
 * statements without a known IBAN, then the import. Answers true once imported.
 */
export function openStatementImportDialog(file: File): Promise<boolean | undefined> {
  return openDialog<boolean>({
    header: texts.dialogTitle,
    size: 'wide',
    content: (dialog) => <StatementImport file={file} dialog={dialog} />,
  });
}
