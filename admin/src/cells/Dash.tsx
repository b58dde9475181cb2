/** An empty cell. */
export const Dash = () => <span className="muted">-</span>;
