import { css } from 'styled-system/css';

/** An error or warning line inside a form or page (role="alert" on the element): the danger tone, boxed. */
export const alertBox = css({
  borderWidth: '1px',
  borderColor: 'danger.default',
  bg: 'danger.subtle',
  color: 'danger.text',
  borderRadius: 'md',
  px: '3',
  py: '2',
  fontSize: 'sm',
});
