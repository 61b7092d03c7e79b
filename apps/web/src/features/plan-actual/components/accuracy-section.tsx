import { Alert, Paper, Table, Text, Title } from '@mantine/core';
import { formatAmount, planAccuracyTexts, type PlanAccuracy } from '@saldopilot/shared';
import { planActualTexts as texts } from './plan-actual-texts';

/**
 * "Planungsgenauigkeit" (docs/plan-actual.md "Accuracy per horizon"): WAPE and bias of inflows and
 * outflows for forecasts made 1, 3, 6 and 12 months ahead, and the five leaves most off.
 */
export function AccuracySection({ accuracy, error }: { accuracy: PlanAccuracy | undefined; error?: string }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="plan-accuracy-title">
      <Title order={2} fz="h3" id="plan-accuracy-title">
        {planAccuracyTexts.title}
      </Title>
      {error ? <Alert color="red" variant="light" role="alert" title={error} mt="xs" /> : null}
      {accuracy ? (
        <>
          <Text size="sm" c="dimmed" mt={4}>
            {texts.accuracySnapshots(accuracy.snapshots.length)}
          </Text>
          <Table.ScrollContainer minWidth={560} mt="xs">
            <Table striped withTableBorder aria-label={texts.accuracyCaption}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{texts.accuracyHorizon}</Table.Th>
                  <Table.Th scope="col" ta="right">{`${planAccuracyTexts.inflows} WAPE`}</Table.Th>
                  <Table.Th scope="col" ta="right">{`${planAccuracyTexts.inflows} Bias`}</Table.Th>
                  <Table.Th scope="col" ta="right">{`${planAccuracyTexts.outflows} WAPE`}</Table.Th>
                  <Table.Th scope="col" ta="right">{`${planAccuracyTexts.outflows} Bias`}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {texts.accuracyMonths}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {accuracy.horizons.map((figure) => (
                  <Table.Tr key={figure.horizon}>
                    <Table.Th scope="row">{planAccuracyTexts.horizon(figure.horizon)}</Table.Th>
                    <Table.Td ta="right">{planAccuracyTexts.percent(figure.inflows.wape)}</Table.Td>
                    <Table.Td ta="right">{planAccuracyTexts.bias(figure.inflows.bias)}</Table.Td>
                    <Table.Td ta="right">{planAccuracyTexts.percent(figure.outflows.wape)}</Table.Td>
                    <Table.Td ta="right">{planAccuracyTexts.bias(figure.outflows.bias)}</Table.Td>
                    <Table.Td ta="right">{figure.months}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {accuracy.leaves.length > 0 ? (
            <Table.ScrollContainer minWidth={480} mt="md">
              <Table withTableBorder aria-label={texts.accuracyLeavesCaption}>
                <Table.Caption>{texts.accuracyLeavesCaption}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{texts.accuracyLeaf}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {texts.plan}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {texts.actual}
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      {texts.accuracyError}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {accuracy.leaves.map((leaf) => (
                    <Table.Tr key={`${leaf.kind}|${leaf.id}`}>
                      <Table.Th scope="row">{leaf.name}</Table.Th>
                      <Table.Td ta="right">{formatAmount(leaf.plan, accuracy.currency)}</Table.Td>
                      <Table.Td ta="right">{formatAmount(leaf.actual, accuracy.currency)}</Table.Td>
                      <Table.Td ta="right">{formatAmount(leaf.error, accuracy.currency)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <Text size="sm" mt="xs">
            {texts.accuracyHint}
          </Text>
        </>
      ) : null}
    </Paper>
  );
}
