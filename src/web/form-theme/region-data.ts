/**
 * A compact region tree (spec §3 "Region tree node": 6-digit code, label,
 * children; province XX0000 → city XXYY00 → county) for the region cascader
 * and for showing region names on the confirm page.
 *
 * Only the areas the products sell in, plus the spec's default place
 * (Chongqing, 500000), are listed; codes follow GB/T 2260. A full tree would
 * come from the user service (`user-svc/api/v1/getArea/{code}`) once it is
 * served.
 */

/** One node of the tree; the shape antd-mobile's CascadePicker takes. */
export interface RegionNode {
  value: string;
  label: string;
  children?: RegionNode[];
}

type Counties = ReadonlyArray<readonly [code: string, name: string]>;

function city(value: string, label: string, counties: Counties): RegionNode {
  return { value, label, children: counties.map(([code, name]) => ({ value: code, label: name })) };
}

export const REGION_TREE: readonly RegionNode[] = [
  {
    value: '320000',
    label: '江苏省',
    children: [
      city('320100', '南京市', [
        ['320102', '玄武区'],
        ['320104', '秦淮区'],
        ['320105', '建邺区'],
        ['320106', '鼓楼区'],
        ['320111', '浦口区'],
        ['320113', '栖霞区'],
        ['320114', '雨花台区'],
        ['320115', '江宁区'],
        ['320116', '六合区'],
        ['320117', '溧水区'],
        ['320118', '高淳区'],
      ]),
      city('320300', '徐州市', [
        ['320302', '鼓楼区'],
        ['320303', '云龙区'],
        ['320305', '贾汪区'],
        ['320311', '泉山区'],
        ['320312', '铜山区'],
        ['320321', '丰县'],
        ['320322', '沛县'],
        ['320324', '睢宁县'],
        ['320381', '新沂市'],
        ['320382', '邳州市'],
      ]),
      city('320600', '南通市', [
        ['320612', '通州区'],
        ['320613', '崇川区'],
        ['320614', '海门区'],
        ['320623', '如东县'],
        ['320681', '启东市'],
        ['320682', '如皋市'],
        ['320685', '海安市'],
      ]),
    ],
  },
  {
    value: '370000',
    label: '山东省',
    children: [
      city('370100', '济南市', [
        ['370102', '历下区'],
        ['370103', '市中区'],
        ['370104', '槐荫区'],
        ['370105', '天桥区'],
        ['370112', '历城区'],
        ['370113', '长清区'],
        ['370114', '章丘区'],
        ['370115', '济阳区'],
        ['370116', '莱芜区'],
        ['370117', '钢城区'],
        ['370124', '平阴县'],
        ['370126', '商河县'],
      ]),
      city('370400', '枣庄市', [
        ['370402', '市中区'],
        ['370403', '薛城区'],
        ['370404', '峄城区'],
        ['370405', '台儿庄区'],
        ['370406', '山亭区'],
        ['370481', '滕州市'],
      ]),
      city('370800', '济宁市', [
        ['370811', '任城区'],
        ['370812', '兖州区'],
        ['370826', '微山县'],
        ['370827', '鱼台县'],
        ['370828', '金乡县'],
        ['370829', '嘉祥县'],
        ['370830', '汶上县'],
        ['370831', '泗水县'],
        ['370832', '梁山县'],
        ['370881', '曲阜市'],
        ['370883', '邹城市'],
      ]),
      city('371300', '临沂市', [
        ['371302', '兰山区'],
        ['371311', '罗庄区'],
        ['371312', '河东区'],
        ['371321', '沂南县'],
        ['371322', '郯城县'],
        ['371323', '沂水县'],
        ['371324', '兰陵县'],
        ['371325', '费县'],
        ['371326', '平邑县'],
        ['371327', '莒南县'],
        ['371328', '蒙阴县'],
        ['371329', '临沭县'],
      ]),
      city('371500', '聊城市', [
        ['371502', '东昌府区'],
        ['371503', '茌平区'],
        ['371521', '阳谷县'],
        ['371522', '莘县'],
        ['371524', '东阿县'],
        ['371525', '冠县'],
        ['371526', '高唐县'],
        ['371581', '临清市'],
      ]),
    ],
  },
  {
    value: '500000',
    label: '重庆市',
    children: [
      city('500100', '重庆城区', [
        ['500101', '万州区'],
        ['500102', '涪陵区'],
        ['500103', '渝中区'],
        ['500104', '大渡口区'],
        ['500105', '江北区'],
        ['500106', '沙坪坝区'],
        ['500107', '九龙坡区'],
        ['500108', '南岸区'],
        ['500109', '北碚区'],
        ['500110', '綦江区'],
        ['500111', '大足区'],
        ['500112', '渝北区'],
        ['500113', '巴南区'],
        ['500114', '黔江区'],
        ['500115', '长寿区'],
        ['500116', '江津区'],
        ['500117', '合川区'],
        ['500118', '永川区'],
        ['500119', '南川区'],
        ['500120', '璧山区'],
        ['500151', '铜梁区'],
        ['500152', '潼南区'],
        ['500153', '荣昌区'],
        ['500154', '开州区'],
        ['500155', '梁平区'],
        ['500156', '武隆区'],
      ]),
      city('500200', '重庆郊县', [
        ['500229', '城口县'],
        ['500230', '丰都县'],
        ['500231', '垫江县'],
        ['500233', '忠县'],
        ['500235', '云阳县'],
        ['500236', '奉节县'],
        ['500237', '巫山县'],
        ['500238', '巫溪县'],
        ['500240', '石柱土家族自治县'],
        ['500241', '秀山土家族苗族自治县'],
        ['500242', '酉阳土家族苗族自治县'],
        ['500243', '彭水苗族土家族自治县'],
      ]),
    ],
  },
];

/** Code → node, built once. */
const NODES: ReadonlyMap<string, RegionNode> = (() => {
  const map = new Map<string, RegionNode>();
  const walk = (nodes: readonly RegionNode[]) => {
    for (const node of nodes) {
      map.set(node.value, node);
      if (node.children) walk(node.children);
    }
  };
  walk(REGION_TREE);
  return map;
})();

/** Label of a region code, or undefined when the code is not in the tree. */
export function regionLabel(code: string | undefined): string | undefined {
  return code === undefined ? undefined : NODES.get(code)?.label;
}

/**
 * Codes from the province down to `code` (['320000', '320300', '320302'] for
 * a county), or [] when the code is not in the tree. A city code gives its
 * province and itself; this is where the cascader opens.
 */
export function regionPath(code: string | undefined): string[] {
  if (code === undefined || !NODES.has(code)) return [];
  const province = `${code.slice(0, 2)}0000`;
  const city = `${code.slice(0, 4)}00`;
  return [...new Set([province, city, code])].filter((c) => NODES.has(c));
}

/** Province, city and county codes of an insured. */
export interface RegionCodes {
  provinceCode?: string;
  cityCode?: string;
  countyCode?: string;
}

/** '江苏省 徐州市 鼓楼区' for the codes of an insured; unknown codes are shown as they are. */
export function regionText(codes: RegionCodes, separator = ' '): string {
  return [codes.provinceCode, codes.cityCode, codes.countyCode]
    .filter((code): code is string => Boolean(code))
    .map((code) => regionLabel(code) ?? code)
    .join(separator);
}
