import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import Login from './auth/Login.tsx';
import './styles/global.css';
import './styles/ui.css';

const root = createRoot(document.getElementById('root')!);

/** The whole admin: its router and, through it, the screen at the current address. */
const openAdmin = async () => {
  const { default: AdminApp } = await import('./AdminApp.tsx');
  root.render(
    <StrictMode>
      <AdminApp />
    </StrictMode>,
  );
};

// The login page ships React and its form only; signing in loads the router and opens /admin.
if (location.pathname === '/login') {
  root.render(
    <StrictMode>
      <Login
        onSignedIn={() => {
          history.replaceState(null, '', '/admin');
          void openAdmin();
        }}
      />
    </StrictMode>,
  );
} else {
  void openAdmin();
}
