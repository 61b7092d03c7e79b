import { ActionIcon, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Z_INDEX } from '@saldopilot/shared';
import classes from './transactions.module.css';

// Tooltips in dialogs show above the dialog and the open dropdowns.
const tooltipZ = Z_INDEX.tooltip + 20;

/**
 * An info icon whose tooltip explains something (system categories, preset rates). It is a button,
 * so keyboard users reach it and read the tooltip on focus; screen readers read its label.
 */
export function InfoTip({ text }: { text: string }) {
  return (
    <Tooltip label={text} zIndex={tooltipZ} multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={text}>
        <IconInfoCircle size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The props of a labelled field with a hint (research §5.5): the label shows an info icon with the
 * hint as a tooltip, and the same hint is the field's description for screen readers. The icon
 * sits inside the label, so it is no control of its own (a button in a label would be invalid).
 */
export function hinted(label: string, hint: string) {
  return {
    label: (
      <>
        {label}
        <Tooltip label={hint} zIndex={tooltipZ} multiline maw={280}>
          <IconInfoCircle size={15} className={classes.hintIcon} aria-hidden />
        </Tooltip>
      </>
    ),
    description: hint,
    classNames: { description: classes.srOnly },
  };
}
