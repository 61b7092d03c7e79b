import { useState } from 'react';
import { Alert, Button, Checkbox, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import {
  bvgStepAmount,
  cycleMonths,
  formatAmount,
  distributionTypeLabels,
  swissPresets,
  yearlySalary,
  type Salary,
  type SwissPresetId,
} from '@saldopilot/shared';
import { AmountInput } from '../../../components/form/amount-input';
import { DialogFooter } from '../../../components/form/dialog-footer';
import { PercentInput } from '../../../components/form/percent-input';
import { useInlineMessage } from '../../../components/form/inline-message';
import { useDialogDirty } from '../../../components/form/use-entity-form';
import { ApiError } from '../../../lib/api-error';
import { openDialog, type DialogControls } from '../../../lib/dialog';
import { showToast } from '../../../lib/toast';
import { applySalaryCostPresets } from '../api/apply-salary-cost-presets';
import { initialChoices, presetPreview, presetRequest, type Choice } from './preset-choices';
import { employeeTexts as texts } from './employee-texts';
import classes from './employees.module.css';
import '@mantine/core/styles/NumberInput.css';

/**
 * The Swiss contributions of 2026 in one step (docs/salary-costs.md "The Swiss presets"): each row
 * editable before it is added as an ordinary cost; the preview shows what each becomes on this
 * salary, computed by the function the API stores with (above an insurance's ceiling a fixed
 * amount, with its note; KTG takes the policy's ceiling).
 */
function Presets({
  salary,
  birthDate,
  dialog,
}: {
  salary: Salary;
  birthDate: string | null;
  dialog: DialogControls<undefined>;
}) {
  const [initial] = useState(initialChoices);
  const [choices, setChoices] = useState(initial);
  const [message, setMessage] = useInlineMessage();
  // Any choice touched counts as input: leaving asks first.
  useDialogDirty(dialog, choices !== initial);
  const [busy, setBusy] = useState(false);
  const currency = salary.currency.code;
  const request = presetRequest(choices);
  const change = (id: SwissPresetId, next: Partial<Choice>) =>
    setChoices((current) => ({ ...current, [id]: { ...current[id], ...next } }));

  const add = async () => {
    if (typeof request === 'string') return;
    setBusy(true);
    setMessage(null);
    try {
      const created = await applySalaryCostPresets(salary.id, request);
      showToast({
        severity: 'success',
        summary: texts.success,
        detail: [texts.presetsAdded(created.costs.length), ...created.notes].join(' '),
      });
      dialog.close();
    } catch (error) {
      setMessage({
        severity: 'error',
        text: texts.presetsFailed,
        detail: error instanceof ApiError ? (error.fields?.birthDate ?? error.message) : undefined,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{texts.presetsIntro}</Text>
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label={texts.presets} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.columnsCost.label}</Table.Th>
              <Table.Th>{texts.columnsCost.distribution}</Table.Th>
              <Table.Th>{texts.columnsCost.amount}</Table.Th>
              <Table.Th>{texts.columnsCost.next}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {swissPresets.map((preset) => {
              const choice = choices[preset.id];
              const byAge = preset.id === 'bvg' && choice.bvgByAge;
              // BVG by age is previewed below with the age rule; every other row by the shared rule.
              const preview = choice.chosen && !byAge ? presetPreview(preset, choice, salary, currency) : null;
              return (
                <Table.Tr key={preset.id}>
                  <Table.Td>
                    <Checkbox
                      label={preset.label}
                      description={preset.description}
                      aria-label={texts.presetInclude(preset.label)}
                      checked={choice.chosen}
                      onChange={(event) => change(preset.id, { chosen: event.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>{distributionTypeLabels[preset.distributionType]}</Table.Td>
                  <Table.Td miw={150}>
                    {preset.id === 'bvg' ? (
                      <SegmentedControl
                        size="xs"
                        mb={4}
                        aria-label={texts.presetBvgKind}
                        data={[
                          { value: 'fixed', label: texts.presetBvgFixed },
                          { value: 'age', label: texts.presetBvgByAge },
                        ]}
                        value={choice.bvgByAge ? 'age' : 'fixed'}
                        onChange={(value) => change(preset.id, { bvgByAge: value === 'age', chosen: true })}
                      />
                    ) : null}
                    {preset.id === 'bvg' && !byAge ? (
                      <AmountInput
                        aria-label={texts.presetAmount(preset.label)}
                        currency={currency}
                        value={choice.amount}
                        onChange={(amount) => change(preset.id, { amount, chosen: true })}
                        size="xs"
                      />
                    ) : (
                      <Stack gap={4}>
                        <PercentInput
                          aria-label={byAge ? texts.presetBvgRiskRate : texts.presetRate(preset.label)}
                          value={choice.rate}
                          onChange={(rate) => change(preset.id, { rate })}
                          size="xs"
                        />
                        {preset.ceiling === 'entered' ? (
                          <AmountInput
                            label={texts.presetCeiling}
                            description={texts.presetCeilingHelp}
                            currency="CHF"
                            value={choice.ceiling}
                            onChange={(ceiling) => change(preset.id, { ceiling })}
                            size="xs"
                          />
                        ) : null}
                      </Stack>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {byAge && choice.chosen ? (
                      <BvgByAgePreview salary={salary} birthDate={birthDate} rate={choice.rate ?? 0} />
                    ) : preview ? (
                      <Text size="sm">{preview.text}</Text>
                    ) : (
                      '-'
                    )}
                    {preview?.note ? (
                      <Text size="xs" className={classes.warnText}>
                        {preview.note}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {typeof request === 'string' ? (
        <Alert color="yellow" variant="light" role="status">
          {request}
        </Alert>
      ) : null}
      <DialogFooter onCancel={dialog.dismiss} message={message}>
        <Button
          leftSection={<IconStar size={18} aria-hidden />}
          disabled={typeof request === 'string'}
          loading={busy}
          onClick={() => void add()}
        >
          {texts.presetsAdd}
        </Button>
      </DialogFooter>
    </Stack>
  );
}

/**
 * What the BVG minimum by age comes to this year (docs/salary-rules.md), with the same shared rule
 * the server stores; without a birth date it says that one is needed.
 */
function BvgByAgePreview({ salary, birthDate, rate }: { salary: Salary; birthDate: string | null; rate: number }) {
  if (birthDate === null) {
    return (
      <Text size="xs" className={classes.warnText}>
        {texts.presetBvgNeedsBirthDate}
      </Text>
    );
  }
  const perSide = bvgStepAmount({
    yearlyCents: yearlySalary(salary),
    birthDate,
    year: new Date().getFullYear(),
    riskRate: rate,
    stepMonths: cycleMonths[salary.cycle],
  });
  return <Text size="sm">{`${formatAmount(perSide, salary.currency.code)} × 2`}</Text>;
}

export function openPresetsDialog(salary: Salary, birthDate: string | null): Promise<undefined> {
  return openDialog<undefined>({
    header: texts.presetsTitle,
    content: (dialog) => <Presets salary={salary} birthDate={birthDate} dialog={dialog} />,
  });
}
