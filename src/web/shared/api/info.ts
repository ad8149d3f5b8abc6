/**
 * Calls of the school field and the information pages: the school
 * directory (edu-svc schoolinfo), the content pages and the product clauses.
 */
import { contentCalls, type ContentPage } from '../../../contract/content.ts';
import { productCalls } from '../../../contract/product-calls.ts';
import { schoolCalls, type AddSchoolBody, type AddSchoolResult, type AreaStatistics, type SchoolColleges, type SchoolPage, type SchoolSearchQuery } from '../../../contract/school.ts';
import { call, type CallOptions } from './client.ts';

type Silent = Pick<CallOptions, 'silent'>;

export interface SchoolSearchParams {
  areaCode: string;
  name?: string;
  schoolKind?: string;
  pageNum?: number;
  pageSize?: number;
}

export const infoApi = {
  searchSchools: (q: SchoolSearchParams, o?: Silent): Promise<SchoolPage> =>
    // The kind is one of the manifest's school-type options (SCHOOL_TYPE_OPTIONS), the kinds the contract accepts.
    call(schoolCalls.search, { query: { ...q, schoolKind: q.schoolKind as SchoolSearchQuery['schoolKind'] } }, { thing: '学校列表', ...o }),
  schoolColleges: (schoolId: number, o?: Silent): Promise<SchoolColleges> =>
    call(schoolCalls.colleges, { query: { schoolId } }, { thing: '学院列表', ...o }),
  addSchool: (body: AddSchoolBody, o?: Silent): Promise<AddSchoolResult> => call(schoolCalls.addSchool, { body }, { thing: '添加学校', ...o }),
  areaStatistics: (o?: Silent): Promise<AreaStatistics> => call(schoolCalls.areaStatistics, {}, { thing: '统计数据', ...o }),
  contentPage: (slug: string, o?: Silent): Promise<ContentPage> => call(contentCalls.page, { params: { slug } }, { thing: '页面内容', ...o }),
  notificationInfo: (productCode: string, o?: Silent) =>
    call(productCalls.notificationInfo, { query: { productCode } }, { thing: '投保须知', ...o }),
};
