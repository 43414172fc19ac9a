import { Container, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ChannelStats } from '../../channel/components/channel-stats';
import classes from './hero.module.css';

export const HERO_VARIANTS = {
  A: {
    title: 'Welcome to the Channel',
    subtitle: 'Tutorials, deep dives and behind-the-scenes videos. Subscribe so you never miss a new one.',
  },
  B: {
    title: 'Your Gateway to Tech Excellence',
    subtitle: 'Hands-on web development tutorials, from the first line of code to production.',
  },
} as const;

export type HeroVariant = keyof typeof HERO_VARIANTS;

/** Picks headline A or B, 50/50 on each page load (SPEC §4). */
export function pickHeroVariant(random: () => number = Math.random): HeroVariant {
  return random() < 0.5 ? 'A' : 'B';
}

export function Hero() {
  const [variant] = useState(pickHeroVariant);
  const { title, subtitle } = HERO_VARIANTS[variant];
  return (
    <section id="home" className={classes.root} data-variant={variant}>
      <Container size="lg" className={classes.inner}>
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        <Text className={classes.subtitle}>{subtitle}</Text>
        <ChannelStats />
      </Container>
    </section>
  );
}
