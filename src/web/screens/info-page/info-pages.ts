/**
 * The information and agreement pages served by the one content screen
 * (spec §2 "Information pages", "Agreements"): route = `/<slug>`, content =
 * content/pages/<slug>.md. `requiresLogin` repeats the spec's flag for the
 * route guard; the server enforces it again from the document's header.
 */
export interface InfoPageEntry {
  slug: string;
  title: string;
  requiresLogin: boolean;
}

export const INFO_PAGES: readonly InfoPageEntry[] = [
  { slug: 'registerKnow', title: '注册须知', requiresLogin: false },
  { slug: 'registerPrivacyClause', title: '隐私政策', requiresLogin: false },
  { slug: 'fzAddressBook', title: '分支机构通讯录', requiresLogin: false },
  { slug: 'forParentLetter', title: '致学生家长的一封信', requiresLogin: false },
  { slug: 'hideClare', title: '健康告知', requiresLogin: false },
  { slug: 'informationDisclosure', title: '信息披露', requiresLogin: false },
  { slug: 'JtprivacyClause', title: '团体投保个人信息授权条款', requiresLogin: true },
  { slug: 'descriptionAgreementDocuments', title: '投保文件说明', requiresLogin: true },
  { slug: 'exemptionliability', title: '责任免除说明', requiresLogin: true },
  { slug: 'healthInsuranceAgreements', title: '健康保险特别约定', requiresLogin: true },
  { slug: 'insuranceClauses', title: '保险条款阅读指引', requiresLogin: true },
];
