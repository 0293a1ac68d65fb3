import { Button } from '@/ui/button';
import { useColorMode } from '@/ui/color-mode';
import { MoonIcon, SunIcon } from '@/ui/icons';
import { SHELL_MESSAGES } from './messages';

/** Light/dark switch for the header. */
export function ColorModeToggle() {
  const { resolved, toggle } = useColorMode();
  const dark = resolved === 'dark';
  return (
    <Button
      variant="ghost"
      size="sm"
      iconOnly
      onClick={toggle}
      aria-label={dark ? SHELL_MESSAGES.colorModeToLight : SHELL_MESSAGES.colorModeToDark}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
