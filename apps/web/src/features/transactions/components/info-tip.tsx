import { ActionIcon, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import classes from './transactions.module.css';

/**
 * An info icon whose tooltip explains something (system categories, preset rates). It is a button,
 * so keyboard users reach it and read the tooltip on focus; screen readers read its label.
 */
export function InfoTip({ text }: { text: string }) {
  return (
    <Tooltip label={text} multiline maw={280} events={{ hover: true, focus: true, touch: true }}>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={text}>
        <IconInfoCircle size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The props of a labelled switch or checkbox with a hint (docs/web.md "Forms and dialogs"): the
 * label shows an info icon with the hint as a tooltip, and the same hint is the control's
 * description for screen readers. The icon sits inside the label, so it is no control of its own (a
 * button in a label would be invalid).
 */
export function hintedLabel(label: string, hint: string) {
  return {
    label: (
      <>
        {label}
        <Tooltip label={hint} multiline maw={280}>
          <IconInfoCircle size={15} className={classes.hintIcon} aria-hidden />
        </Tooltip>
      </>
    ),
    description: hint,
    classNames: { description: classes.srOnly },
  };
}

/**
 * The same for a text field or select. The hidden description comes after the input: Mantine moves
 * an input down by half a spacing when a description stands above it, so a hinted field sat 5 px
 * lower than its neighbour in the row.
 */
export function hinted(label: string, hint: string) {
  const inputWrapperOrder: ('label' | 'input' | 'error' | 'description')[] = ['label', 'input', 'error', 'description'];
  return { ...hintedLabel(label, hint), inputWrapperOrder };
}
