import { Outlet } from 'react-router-dom';

/** Layout "none" of spec 01 §2: the page owns the whole screen. */
export function BareLayout() {
  return <Outlet />;
}
