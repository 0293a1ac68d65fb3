import { Outlet } from 'react-router-dom';
import { useServices } from '@/core/services';
import { PublicFrame } from './public-frame';
import { DashboardLayout } from './shell-layout';

/**
 * Public pages (/, /home, /tools, /categories, /pricing): inside the app shell for a signed-in user,
 * inside the public frame for a visitor (spec 01 §1: visitors see landing, tool and category pages).
 */
export function AdaptiveLayout() {
  const { tokens } = useServices();
  if (tokens.get()) return <DashboardLayout />;
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
