import { useMemo, useState } from 'react';
import { Button, Stack, Switch, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { employeeListQuerySchema } from '@saldopilot/shared';
import { pathTo } from '../../config/routes';
import { DataList } from '../../components/list/data-list';
import { useListQuery } from '../../components/list/use-list-query';
import { FirstUse } from '../../components/feedback/first-use';
import { messageOf } from '../../lib/api-error';
import type { RouteHandle } from '../../lib/document-title';
import { usePreference } from '../../lib/preferences';
import { useCanEditCurrentOrganisation } from '../../reference-data/organisations';
import { useSignedInUser } from '../../reference-data/profile';
import { exportEmployees } from './api/export-employees';
import { employeesQuery, type EmployeeListParams } from './api/list-employees';
import { openCreateEmployeeDialog } from './components/employee-create-dialog';
import { employeeTexts as texts } from './components/employee-texts';
import { EmployeeCard, employeeColumns } from './components/employee-views';
import '@mantine/core/styles/Switch.css';

export const handle = { title: texts.title } satisfies RouteHandle;

// The API's page size of this list (20, as the reference's "Mehr anzeigen" pages).
const PAGE_SIZE = employeeListQuerySchema.shape.limit.parse(undefined);

/**
 * "Mitarbeitende" (docs/web.md "Mitarbeitende"): the organisation's employees with their
 * representative salary.
 */
export function Component() {
  const user = useSignedInUser();
  const canEdit = useCanEditCurrentOrganisation(user.currentOrganisationId);
  const navigate = useNavigate();
  const [display, setDisplay] = usePreference('employeesDisplay');
  const [sort, setSort] = usePreference('employeesSort');
  // Terminated employees are hidden by default (docs/web.md "Mitarbeitende"); not remembered:
  // docs/product.md "Remembered preferences" has no such cookie.
  const [hideTerminated, setHideTerminated] = useState(true);
  const list = useListQuery({ sort, onSortChange: setSort, limit: PAGE_SIZE });
  const params: EmployeeListParams = { ...list.query, hideTerminated };
  const { data, error, isFetching, isPlaceholderData } = useQuery(employeesQuery(params));
  const columns = useMemo(() => employeeColumns(), []);

  // An empty page may still hide terminated employees: then the list is "filtered" (the toolbar
  // stays, so they can be shown), not the first use of a new organisation.
  const mayHideSome = data?.pagination.totalCount === 0 && hideTerminated && !list.query.search;
  const everything = useQuery({
    ...employeesQuery({ page: 1, limit: 1, sortBy: 'name', sortOrder: 'ASC', hideTerminated: false }),
    enabled: mayHideSome,
  });
  const hidingSome = mayHideSome && (everything.data === undefined || everything.data.pagination.totalCount > 0);

  const add = async () => {
    const created = await openCreateEmployeeDialog();
    if (created) void navigate(pathTo('employees-id', { id: created.id }));
  };
  const addButton = canEdit ? (
    <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => void add()}>
      {texts.add}
    </Button>
  ) : null;

  return (
    <Stack gap="lg">
      <Title order={1}>{texts.title}</Title>
      <DataList
        {...list.controls}
        label={texts.title}
        rows={data?.data}
        pagination={data?.pagination}
        rowKey={(employee) => employee.id}
        fetching={isFetching && isPlaceholderData}
        error={error ? messageOf(error, texts.loadFailed) : undefined}
        display={display}
        onDisplayChange={setDisplay}
        columns={columns}
        renderCard={(employee) => <EmployeeCard employee={employee} />}
        empty={
          <FirstUse title={canEdit ? texts.emptyTitle : texts.emptyReadOnly} text={texts.emptyText}>
            {addButton}
          </FirstUse>
        }
        filtered={hidingSome}
        onExport={(format) => exportEmployees(format, params)}
        toolbar={
          <Switch
            label={texts.hideTerminated}
            checked={hideTerminated}
            onChange={(event) => {
              setHideTerminated(event.currentTarget.checked);
              list.controls.onPageChange(1);
            }}
          />
        }
        actions={addButton}
      />
    </Stack>
  );
}
