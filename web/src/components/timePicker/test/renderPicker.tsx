import { waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { expect, vi } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../features/preferences';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { TimeMode } from '../format';
import { NOW_MS } from './clock';

/** Only Date is faked (to NOW_MS): timers and user events run as usual. */
export function freezeDate() {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW_MS });
}

/** Holds a picker's value as its owner would, so changes show. */
function Controlled<T>({ initial, render }: { initial: T; render: (value: T, onChange: (value: T) => void) => ReactElement }) {
  const [value, setValue] = useState(initial);
  return render(value, setValue);
}

/** Renders a picker that keeps its value, in the time mode; `onChange` records the values it gave. */
export function renderControlled<T>(
  initial: T,
  picker: (value: T, onChange: (value: T) => void) => ReactElement,
  timeMode: TimeMode = 12,
) {
  const onChange = vi.fn<(value: T) => void>();
  const ui = (
    <Controlled
      initial={initial}
      render={(value, setValue) =>
        picker(value, (next) => {
          onChange(next);
          setValue(next);
        })
      }
    />
  );
  const rendered = renderWithProviders(ui, { preloadedState: { preferences: { ...DEFAULT_PREFERENCES, timeMode } } });
  return { ...rendered, onChange };
}

/** Opens a picker's popover with its button and gives the popover (the element the button controls). */
export async function openPicker(user: UserEvent, button: HTMLElement): Promise<HTMLElement> {
  await user.click(button);
  await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'true'));
  const popover = document.getElementById(button.getAttribute('aria-controls') ?? '');
  expect(popover).not.toBeNull();
  return popover!;
}
