import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';

import { TIMING } from '@shared/constants';

import classes from './feedback-button.module.css';

const FeedbackModal = lazy(() => import('./feedback-modal').then((m) => ({ default: m.FeedbackModal })));

/** The floating Feedback button; its modal loads on first use. */
export function FeedbackButton() {
  const [pulsing, setPulsing] = useState(false);
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setPulsing(true), TIMING.feedbackPulseDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <>
      <span className={`${classes.place} ${pulsing && !opened ? classes.pulsing : ''}`}>
        <Button
          className={classes.root}
          radius="xl"
          leftSection={<IconMessageCircle size={18} aria-hidden />}
          data-pulsing={pulsing || undefined}
          aria-haspopup="dialog"
          onMouseEnter={() => setLoaded(true)}
          onFocus={() => setLoaded(true)}
          onClick={() => {
            setLoaded(true);
            setOpened(true);
            setPulsing(false);
          }}
        >
          <span className={classes.label}>Feedback</span>
        </Button>
      </span>
      {loaded ? (
        <Suspense fallback={null}>
          <FeedbackModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
