import { css } from 'styled-system/css';
import { errorMessages } from './messages';

export function MaintenancePage() {
  return (
    <main className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', p: '6' })}>
      <div className={css({ textAlign: 'center', maxW: 'md' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', mb: '2' })}>{errorMessages.maintenanceTitle}</h1>
        <p className={css({ color: 'fg.muted' })}>{errorMessages.maintenanceText}</p>
      </div>
    </main>
  );
}
