// @vitest-environment happy-dom
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { Provider, shallowEqual } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';

import { useTransitionSelector } from './transition-selector';

const counters = createSlice({
  name: 'counters',
  initialState: { shown: 0, other: 0 },
  reducers: {
    bumpShown: (state) => {
      state.shown += 1;
    },
    bumpOther: (state) => {
      state.other += 1;
    },
  },
});

function makeStore() {
  return configureStore({ reducer: { counters: counters.reducer } });
}
type State = ReturnType<ReturnType<typeof makeStore>['getState']>;

let renders = 0;
function Shown() {
  const shown = useTransitionSelector((state: State) => state.counters.shown);
  return <output aria-label="shown">{shown}</output>;
}

function renderShown() {
  const store = makeStore();
  renders = 0;
  render(
    <Provider store={store}>
      <Profiler id="shown" onRender={() => (renders += 1)}>
        <Shown />
      </Profiler>
    </Provider>,
  );
  return store;
}

const reactTesting = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
afterEach(() => {
  cleanup();
  reactTesting.IS_REACT_ACT_ENVIRONMENT = true;
});

describe('useTransitionSelector', () => {
  it('shows what the store holds after a change', async () => {
    const store = renderShown();
    expect(screen.getByLabelText('shown').textContent).toBe('0');
    await act(async () => {
      store.dispatch(counters.actions.bumpShown());
    });
    expect(screen.getByLabelText('shown').textContent).toBe('1');
  });

  it('does not render again when the change is to something it did not select', async () => {
    const store = renderShown();
    const before = renders;
    await act(async () => {
      store.dispatch(counters.actions.bumpOther());
    });
    expect(renders).toBe(before);
  });

  it('keeps the earlier value when the new one is equal, as useSelector does', async () => {
    const store = makeStore();
    const seen: Array<{ shown: number }> = [];
    function Pair() {
      const pair = useTransitionSelector((state: State) => ({ shown: state.counters.shown }), shallowEqual);
      seen.push(pair);
      return <output aria-label="pair">{pair.shown}</output>;
    }
    function Both() {
      // Re-rendered by the change it selects, so that Pair renders again with an equal selection.
      const other = useTransitionSelector((state: State) => state.counters.other);
      return (
        <>
          <Pair />
          <output aria-label="other">{other}</output>
        </>
      );
    }
    render(
      <Provider store={store}>
        <Both />
      </Provider>,
    );
    await act(async () => {
      store.dispatch(counters.actions.bumpOther());
    });
    expect(screen.getByLabelText('other').textContent).toBe('1');
    expect(seen.length).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(1);
  });

  it('leaves the re-render to the scheduler instead of running it before the page can respond', async () => {
    const store = renderShown();
    // As in the browser: React schedules the work itself instead of the test flushing it.
    reactTesting.IS_REACT_ACT_ENVIRONMENT = false;
    store.dispatch(counters.actions.bumpShown());
    // A synchronous update (React-Redux's useSelector) is on the page once the microtasks have run.
    await Promise.resolve();
    await Promise.resolve();
    expect(screen.getByLabelText('shown').textContent).toBe('0');
    // A transition is rendered in a scheduler task of its own.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('shown').textContent).toBe('1');
  });
});
