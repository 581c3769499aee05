import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconDownload, IconFilterOff } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';

import { useDeviceList } from '../../api/devices';
import type { HistoryEntry } from '../../api/history';
import { KIND_LABELS, OUTCOME_LOOKS, type FilterKey } from './history-filters';

interface Props {
  search: URLSearchParams;
  /** The first entry shown, to name a device that is no longer listed (deactivated). */
  sample: HistoryEntry | undefined;
  filtered: boolean;
  exporting: boolean;
  onChange: (key: FilterKey, value: string) => void;
  onClear: () => void;
  onExport: () => void;
}

const kindOptions = [{ value: '', label: 'All actions' }, ...Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))];
const outcomeOptions = [
  { value: '', label: 'All outcomes' },
  ...Object.entries(OUTCOME_LOOKS).map(([value, look]) => ({ value, label: look.label })),
];

/** The history's filters (each one a URL query parameter) and its CSV export. */
export function HistoryToolbar({ search, sample, filtered, exporting, onChange, onClear, onExport }: Props) {
  const devices = useDeviceList();
  const deviceId = search.get('deviceId') ?? '';
  const deviceOptions = [
    { value: '', label: 'All devices' },
    ...(devices.data ?? []).map((device) => ({ value: device.device_id, label: device.device_name })),
  ];
  if (deviceId && !deviceOptions.some((option) => option.value === deviceId)) {
    deviceOptions.push({ value: deviceId, label: sample?.deviceId === deviceId ? sample.deviceName : 'Selected device' });
  }
  const listId = search.get('listId');
  const appId = search.get('appId');
  const change = (key: FilterKey) => (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => onChange(key, event.currentTarget.value);

  return (
    <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
      <NativeSelect label="Device" data={deviceOptions} value={deviceId} onChange={change('deviceId')} w={200} />
      <NativeSelect label="Action" data={kindOptions} value={search.get('kind') ?? ''} onChange={change('kind')} w={150} />
      <NativeSelect label="Outcome" data={outcomeOptions} value={search.get('outcome') ?? ''} onChange={change('outcome')} w={150} />
      <TextInput type="date" label="From" value={search.get('from') ?? ''} onChange={change('from')} w={160} />
      <TextInput type="date" label="To" value={search.get('to') ?? ''} onChange={change('to')} w={160} />
      {listId ? (
        <Button variant="default" onClick={() => onChange('listId', '')} aria-label="Show all lists">
          List: {sample?.listId === listId && sample.listName ? sample.listName : 'selected list'} ×
        </Button>
      ) : null}
      {appId ? (
        <Button variant="default" onClick={() => onChange('appId', '')} aria-label="Show all apps">
          {/* Named by the rows shown; with none, by the id the filter holds, never a made-up name. */}
          App: {sample?.appId === Number(appId) ? sample.appName : `#${appId}`} ×
        </Button>
      ) : null}
      {filtered ? (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
      <Button ml="auto" variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting} onClick={onExport}>
        Export CSV
      </Button>
    </Group>
  );
}
