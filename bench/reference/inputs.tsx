/** The keystroke reference of `npm run bench:web`: 18 antd-mobile inputs controlled by one React state. */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Input, List } from 'antd-mobile';

const FIELDS = Array.from({ length: 18 }, (_, index) => `field${index}`);

function Page() {
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <List>
      {FIELDS.map((field) => (
        <List.Item key={field} title={field}>
          <Input id={field} value={values[field] ?? ''} onChange={(value) => setValues((all) => ({ ...all, [field]: value }))} />
        </List.Item>
      ))}
    </List>
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
