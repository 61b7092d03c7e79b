import { Text } from '@mantine/core';
import { formatServerDate } from '../../lib/format';
import { useServerTime } from '../../reference-data/server-time';
import classes from './server-date-note.module.css';

/** The small note with the server's date in Europe/Zurich (docs/product.md "Application shell"), when it is known. */
export function ServerDateNote() {
  const { data } = useServerTime();
  const date = formatServerDate(data?.date);
  if (!date) return null;
  return (
    <Text component="p" size="xs" className={classes.note}>
      Serverdatum: {date}
    </Text>
  );
}
