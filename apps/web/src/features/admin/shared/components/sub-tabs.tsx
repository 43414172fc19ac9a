import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './tabs.module.css';

export interface SubTab {
  value: string;
  label: string;
  render: () => ReactNode;
}

/** The subtabs of a dashboard tab; only the open one is mounted. */
export function SubTabs({
  label,
  value,
  onChange,
  items,
}: {
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  items: SubTab[];
}) {
  return (
    <Tabs
      value={value ?? items[0].value}
      onChange={(next) => next && onChange(next)}
      variant="pills"
      keepMounted={false}
      classNames={{ tab: classes.tab }}
    >
      <Tabs.List aria-label={label}>
        {items.map((item) => (
          <Tabs.Tab key={item.value} value={item.value}>
            {item.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {items.map((item) => (
        <Tabs.Panel key={item.value} value={item.value} pt="md">
          {item.render()}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
