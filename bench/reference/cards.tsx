/** The reference page of `npm run bench:web`: React 19 + antd-mobile, a header and five product cards. */
import { createRoot } from 'react-dom/client';
import { Button, Card, NavBar } from 'antd-mobile';

const PRODUCTS = ['学生平安保险', '监护人责任保险', '意外医疗保险', '住院医疗保险', '重大疾病保险'];

function Page() {
  return (
    <>
      <NavBar back={null}>学平险在线投保</NavBar>
      <h1 style={{ fontSize: 20, margin: 16 }}>为孩子的每一天保驾护航</h1>
      {PRODUCTS.map((name, index) => (
        <Card key={name} title={name} style={{ margin: 12 }}>
          <p>保障期一年，在线投保，即时生效。</p>
          <Button color="primary" size="small">
            ¥{60 + index * 20}.00 立即投保
          </Button>
        </Card>
      ))}
    </>
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
