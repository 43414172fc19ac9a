import { Button, Container } from '@mantine/core';
import { IconBrandDiscordFilled, IconBrandTwitterFilled, IconMail } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import classes from './community-section.module.css';

interface CommunityCard {
  id: 'discord' | 'twitter' | 'newsletter';
  title: string;
  text: string;
  action: string;
  message: string;
  icon: ComponentType<{ size?: number }>;
}

export const COMMUNITY_CARDS: CommunityCard[] = [
  {
    id: 'discord',
    title: 'Discord',
    text: 'Chat with other learners, get help with your code and hear about streams first.',
    action: 'Join Now',
    message: 'Join Discord clicked',
    icon: IconBrandDiscordFilled,
  },
  {
    id: 'twitter',
    title: 'Twitter',
    text: 'Short tips, behind-the-scenes updates and new video announcements.',
    action: 'Follow',
    message: 'Follow on Twitter clicked',
    icon: IconBrandTwitterFilled,
  },
  {
    id: 'newsletter',
    title: 'Newsletter',
    text: 'One email a week with the new videos, code samples and resources.',
    action: 'Subscribe',
    message: 'Newsletter subscribe clicked',
    icon: IconMail,
  },
];

/** Join the Community (anchor `about`): each button only writes a console message (SPEC §1). */
export function CommunitySection() {
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <Container size="xl">
        <h2 id="about-title" className="section-title">
          Join the Community
        </h2>
        <ul className={classes.grid}>
          {COMMUNITY_CARDS.map(({ id, title, text, action, message, icon: Icon }) => (
            <li key={id} className={classes.card} data-community={id}>
              <span className={classes.icon} aria-hidden>
                <Icon size={28} />
              </span>
              <h3 className={classes.title}>{title}</h3>
              <p className={classes.text}>{text}</p>
              <Button
                radius="xl"
                variant="default"
                // eslint-disable-next-line no-console -- SPEC §1: the button only logs
                onClick={() => console.log(message)}
                aria-label={`${action}: ${title}`}
              >
                {action}
              </Button>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
