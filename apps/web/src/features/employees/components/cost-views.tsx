import { Badge, Divider, Group, Text } from '@mantine/core';
import type { SalaryCost } from '@saldopilot/shared';
import type { ListColumn } from '../../../components/list/data-list';
import { ListCard } from '../../../components/list/list-card';
import { RowAction } from '../../../components/list/row-action';
import { formatDate } from '../../../lib/format';
import { amountTypeTexts, costAmountText, labelText, nextCostText } from './employee-display';
import { employeeTexts as texts } from './employee-texts';

/** What the cost cards and rows may do; absent for read-only members. */
export interface CostActions {
  edit: (cost: SalaryCost) => void;
  clone: (cost: SalaryCost) => void;
  remove: (cost: SalaryCost) => void;
}

function CostButtons({ cost, actions, size }: { cost: SalaryCost; actions: CostActions; size: 'sm' | 'md' }) {
  const label = labelText(cost);
  return (
    <>
      <RowAction
        kind="clone"
        size={size}
        inDialog
        tooltip={texts.cloneCost}
        label={`${texts.cloneCost}: ${label}`}
        onClick={() => actions.clone(cost)}
      />
      <RowAction
        kind="edit"
        size={size}
        inDialog
        tooltip={texts.editCost}
        label={`${texts.editCost}: ${label}`}
        onClick={() => actions.edit(cost)}
      />
      <RowAction
        kind="delete"
        size={size}
        inDialog
        tooltip={texts.deleteCost}
        label={`${texts.deleteCost}: ${label}`}
        onClick={() => actions.remove(cost)}
      />
    </>
  );
}

/** The two pills "Arbeitgeber (AG)" / "Arbeitnehmer (AN)": who pays in green, the other grey. */
function PayerBadges({ cost }: { cost: SalaryCost }) {
  const employer = cost.distributionType !== 'employee';
  const employee = cost.distributionType !== 'employer';
  return (
    <Group gap={4}>
      <Badge size="sm" variant={employer ? 'filled' : 'outline'} color={employer ? 'teal' : 'gray.7'}>
        {texts.groupEmployer}
      </Badge>
      <Badge size="sm" variant={employee ? 'filled' : 'outline'} color={employee ? 'teal' : 'gray.7'}>
        {texts.groupEmployee}
      </Badge>
    </Group>
  );
}

/** A cost card (docs/web.md "Mitarbeitende (Detailseite)"). */
export function CostCard({
  cost,
  currency,
  actions,
  nextPayment,
  today,
}: {
  cost: SalaryCost;
  currency: string;
  actions: CostActions | undefined;
  nextPayment: string | null;
  /** The server's day (Zurich): the card names the payment the forecast pays next from it. */
  today: string;
}) {
  return (
    <ListCard
      title={labelText(cost)}
      actions={actions ? <CostButtons cost={cost} actions={actions} size="md" /> : undefined}
    >
      <Text inherit>{amountTypeTexts[cost.amountType]}</Text>
      <Text inherit>{costAmountText(cost, currency, today)}</Text>
      <Text inherit fw={600}>
        {nextCostText(cost, currency, today)}
      </Text>
      <Group gap="xs">
        <Text inherit>{texts.atCostOf}</Text>
        <PayerBadges cost={cost} />
      </Group>
      <Divider my={4} />
      <Text size="xs">{nextPayment ? texts.paymentOn(formatDate(nextPayment)) : texts.noFurtherPayment}</Text>
    </ListCard>
  );
}

/** The table view of the overview. */
export function costColumns(
  currency: string,
  today: string,
  actions: CostActions | undefined,
): ListColumn<SalaryCost, never>[] {
  const c = texts.columnsCost;
  return [
    {
      key: 'label',
      header: c.label,
      render: (cost) => (
        <Group gap={4} wrap="nowrap">
          <span>{labelText(cost)}</span>
          {actions ? <CostButtons cost={cost} actions={actions} size="sm" /> : null}
        </Group>
      ),
    },
    { key: 'type', header: c.amountType, render: (cost) => amountTypeTexts[cost.amountType] },
    { key: 'amount', header: c.amount, render: (cost) => costAmountText(cost, currency, today) },
    { key: 'next', header: c.next, render: (cost) => nextCostText(cost, currency, today) },
    { key: 'payer', header: c.distribution, render: (cost) => <PayerBadges cost={cost} /> },
  ];
}
