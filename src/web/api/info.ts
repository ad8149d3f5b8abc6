/**
 * Calls of the school field and the information pages (issue 6): the school
 * directory (edu-svc schoolinfo), the content pages and the product clauses.
 */
import type { ContentPage } from '../../contract/content.ts';
import { fillPath, paths } from '../../contract/paths.ts';
import { productCalls } from '../../contract/product.ts';
import type { AddSchoolBody, AddSchoolResult, AreaStatistics, SchoolColleges, SchoolPage } from '../../contract/school.ts';
import { call, callPath, type CallOptions } from './client.ts';

type Silent = Pick<CallOptions, 'silent'>;

export interface SchoolSearchParams {
  areaCode: string;
  name?: string;
  schoolKind?: string;
  pageNum?: number;
  pageSize?: number;
}

export const infoApi = {
  searchSchools: (q: SchoolSearchParams, o?: Silent) =>
    callPath<SchoolPage>('GET', paths.schoolSearch, { query: { ...q }, thing: '学校列表', ...o }),
  schoolColleges: (schoolId: number, o?: Silent) =>
    callPath<SchoolColleges>('GET', paths.schoolColleges, { query: { schoolId }, thing: '学院列表', ...o }),
  addSchool: (body: AddSchoolBody, o?: Silent) => callPath<AddSchoolResult>('POST', paths.addSchool, { body, thing: '添加学校', ...o }),
  areaStatistics: (o?: Silent) => callPath<AreaStatistics>('GET', paths.areaStatistics, { thing: '统计数据', ...o }),
  contentPage: (slug: string, o?: Silent) => callPath<ContentPage>('GET', fillPath(paths.contentPage, { slug }), { thing: '页面内容', ...o }),
  notificationInfo: (productCode: string, o?: Silent) =>
    call(productCalls.notificationInfo, { query: { productCode } }, { thing: '投保须知', ...o }),
};
