import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from '@/features/chat/composer';
import { CHAT_MESSAGES as T } from '@/features/chat/messages';
import { TEXT_MODEL } from '@machines/constants';

// Issue 33, finding 7: after "Stop generating" the keyboard focus must stay usable — in the composer, ready for the
// next message — not drop to the page when the Stop button turns into a disabled Send.
describe('Composer focus after Stop', () => {
  it('moves the focus to the message box when Stop is pressed', async () => {
    const user = userEvent.setup();
    const onStop = vi.fn();
    const props = {
      value: '',
      onChange: () => {},
      onSubmit: () => {},
      onStop,
      stopDisabled: false,
      model: TEXT_MODEL.standard,
      onModelChange: () => {},
      eliteAllowed: false,
    };
    const { rerender } = render(<Composer {...props} generating />);
    const stop = screen.getByRole('button', { name: T.stop });
    await user.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);
    // the reply has stopped: the button is Send again, disabled on an empty composer
    rerender(<Composer {...props} generating={false} />);
    expect(screen.getByRole('button', { name: T.send })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: T.composerLabel })).toHaveFocus();
  });

  it('Stop from the keyboard (Enter on the focused button) also lands in the message box', async () => {
    const user = userEvent.setup();
    const props = {
      value: '',
      onChange: () => {},
      onSubmit: () => {},
      onStop: () => {},
      stopDisabled: false,
      model: TEXT_MODEL.standard,
      onModelChange: () => {},
      eliteAllowed: false,
    };
    render(<Composer {...props} generating />);
    screen.getByRole('button', { name: T.stop }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: T.composerLabel })).toHaveFocus();
  });
});
