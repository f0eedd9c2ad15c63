// The term lists of docs/languages.md "Term lists" as data: for each language, the one word it uses for each of the
// product's terms, the forms a text that names the term contains, and the synonyms it must not use. terms.test.ts
// checks every text against them and the doc's table against `word`.

/** The product's terms, as the doc's table orders its columns. */
export const TERM_IDS = ['credits', 'subscription', 'plan', 'design', 'signIn', 'account'] as const;
export type TermId = (typeof TERM_IDS)[number];

/**
 * How an English text names the term (placeholders taken out first). A translation of such a text says the language's
 * word, unless its key is in the term's `except`.
 */
export const ENGLISH: Record<TermId, RegExp> = {
  credits: /\bcredits?\b/i,
  subscription: /\bsubscriptions?\b/i,
  plan: /\bplans?\b/i,
  design: /\bdesigns?\b/i,
  signIn: /\bsign(?:ed|ing)?[- ]in\b|\blog(?:ged|ging)?[- ]?in\b/i,
  account: /\baccounts?\b/i,
};

/** English texts that match a term's pattern but do not name the term, with the reason. */
export const NOT_THE_TERM: Partial<Record<TermId, string[]>> = {
  design: ['freeFeatureDesign'], // "Design and save your homes in 3D": the verb
};

export interface Term {
  /** The word, as the doc's table starts its cell. */
  word: string;
  /** Its forms (stems, inflections, compounds): a text that names the term matches one of them. */
  forms: RegExp;
  /** Synonyms the language does not use for the term, in any text. */
  banned?: RegExp;
  /** Keys whose text names the term in English but rightly not in this language, each with its reason. */
  except?: string[];
}

/** A word boundary that knows letters of every script (JavaScript's \b knows only ASCII). */
const B = '(?<![\\p{L}\\p{M}])';
const word = (source: string, flags = 'iu') => new RegExp(`${B}(?:${source})`, flags);

export const TERMS: Record<string, Record<TermId, Term>> = {
  ar: {
    credits: { word: 'نقاط', forms: /نقا?ط|نقطت/u },
    subscription: { word: 'اشتراك', forms: /اشترا?ك/u },
    plan: { word: 'خطة', forms: /خط[ةطت]/u },
    design: { word: 'تصميم', forms: /تصا?مي?م/u },
    signIn: { word: 'تسجيل الدخول', forms: /دخول|تسج/u },
    account: { word: 'حساب', forms: /حساب/u },
  },
  de: {
    credits: { word: 'Credits', forms: /credit/i, banned: word('punkte') },
    subscription: { word: 'Abo', forms: /abo(?!nnement)/i, banned: /abonnement/i },
    plan: { word: 'Tarif', forms: /tarif/i, banned: word('plan|pläne') },
    design: { word: 'Entwurf', forms: /entw[uü]rf/i, banned: word('design') },
    // Separable: „melden Sie sich … an“, „angemeldet“.
    signIn: {
      word: 'anmelden',
      forms: /an(?:zu)?meld|angemeld|meld\p{L}* [^.]*\ban\b/iu,
      banned: /einlogg|log[- ]?in/i,
    },
    account: { word: 'Konto', forms: /kont[oe]/i, banned: word('account') },
  },
  es: {
    credits: { word: 'créditos', forms: /crédito/i },
    subscription: { word: 'suscripción', forms: /suscrip/i, banned: word('abono') },
    plan: { word: 'plan', forms: word('plan'), banned: word('tarifa') },
    design: { word: 'diseño', forms: /diseñ/i, banned: word('proyecto') },
    signIn: { word: 'iniciar sesión', forms: /sesión/i, banned: word('acceder|log[- ]?in|ingresar') },
    account: { word: 'cuenta', forms: /cuenta/i },
  },
  fr: {
    credits: { word: 'crédits', forms: /crédit/i },
    subscription: { word: 'abonnement', forms: /abonn|souscri/i },
    plan: { word: 'formule', forms: /formule/i, banned: word('forfait|offre Pro|plan') },
    design: { word: 'projet', forms: /projet/i, banned: word('design|conception') },
    signIn: {
      word: 'se connecter',
      forms: /connect|connexion/i,
      banned: word('identifiez|log[- ]?in'),
      except: ['appLinkFailed'], // "You are still signed in": « Votre session reste ouverte »
    },
    account: { word: 'compte', forms: /compte/i },
  },
  he: {
    credits: { word: 'קרדיטים', forms: /קרדיט/u, banned: /נקודות|זיכויים/u },
    subscription: { word: 'מינוי', forms: /מינוי/u, banned: /מנוי/u },
    plan: { word: 'מסלול', forms: /מסלול/u, banned: /תוכני|תכני/u },
    design: { word: 'עיצוב', forms: /עיצוב/u },
    // The root ח-ב-ר: "להתחבר", "מתחברים", "לחבר אותך", "החיבור שלך נשאר פעיל".
    signIn: { word: 'התחברות', forms: /התחבר|מתחבר|יתחבר|חיבור|לחבר/u, banned: /כניסה|היכנס/u },
    account: { word: 'חשבון', forms: /חשבון|החשבון|לחשבון/u },
  },
  it: {
    credits: { word: 'crediti', forms: /credit/i },
    subscription: { word: 'abbonamento', forms: /abbonament/i, banned: word('sottoscrizione') },
    plan: { word: 'piano', forms: word('pian[oi]'), banned: word('tariffa') },
    design: { word: 'progetto', forms: /progett/i, banned: word('design') },
    signIn: { word: 'accedi / accesso', forms: /acced|access/i, banned: word('log[- ]?in') },
    account: {
      word: 'account',
      forms: /account/i,
      banned: word('conto'),
      except: ['accountCreatedLabel'], // "Account Created" beside the account's details: « Data di creazione »
    },
  },
  ja: {
    credits: { word: 'クレジット', forms: /クレジット/u, banned: /ポイント/u },
    subscription: { word: 'サブスクリプション', forms: /サブスクリプション/u, banned: /定期購読/u },
    plan: { word: 'プラン', forms: /プラン/u, banned: /料金体系/u },
    design: { word: 'デザイン', forms: /デザイン/u },
    signIn: { word: 'ログイン', forms: /ログイン/u, banned: /サインイン/u },
    account: { word: 'アカウント', forms: /アカウント/u },
  },
  ko: {
    credits: { word: '크레딧', forms: /크레딧/u, banned: /포인트/u },
    subscription: { word: '구독', forms: /구독/u },
    plan: { word: '플랜', forms: /플랜/u, banned: /요금제/u },
    design: { word: '디자인', forms: /디자인/u },
    signIn: { word: '로그인', forms: /로그인/u, banned: /사인인/u },
    account: { word: '계정', forms: /계정/u },
  },
  nl: {
    credits: { word: 'credits', forms: /credit/i, banned: word('tegoed') },
    subscription: { word: 'abonnement', forms: /abonnement/i },
    plan: { word: 'abonnement', forms: /abonnement/i, banned: word('plan') },
    design: { word: 'ontwerp', forms: /ontwerp/i, banned: word('design') },
    // Separable: "log … in", "ingelogd", "in te loggen".
    signIn: {
      word: 'inloggen',
      forms: /inlog|ingelogd|in te loggen|(?<!\p{L})log(?!\p{L})/iu,
      banned: word('aanmeld'),
    },
    account: { word: 'account', forms: /account/i },
  },
  pl: {
    credits: { word: 'kredyty', forms: /kredyt/i },
    subscription: { word: 'subskrypcja', forms: /subskrypc/i, banned: word('abonament') },
    plan: { word: 'plan', forms: word('plan'), banned: word('taryf') },
    design: { word: 'projekt', forms: /projekt/i, banned: word('design') },
    signIn: {
      word: 'zaloguj się',
      forms: /logow|zalog/i,
      except: ['appLinkFailed'], // "You are still signed in": „Sesja pozostaje aktywna”
    },
    account: { word: 'konto', forms: /kont[aoue]/i },
  },
  'pt-BR': {
    credits: { word: 'créditos', forms: /crédito/i },
    subscription: { word: 'assinatura', forms: /assinatura/i, banned: word('subscrição') },
    plan: { word: 'plano', forms: word('plano') },
    design: { word: 'projeto', forms: /projet/i, banned: word('design') },
    signIn: { word: 'entrar / login', forms: /entr|login/i, banned: word('fazer logon|iniciar sessão') },
    account: { word: 'conta', forms: word('conta') },
  },
  ru: {
    credits: { word: 'кредиты', forms: /кредит/iu },
    subscription: { word: 'подписка', forms: /подписк/iu },
    plan: { word: 'тариф', forms: /тариф/iu, banned: word('план') },
    design: { word: 'проект', forms: /проект/iu, banned: word('дизайн') },
    signIn: {
      word: 'войти',
      forms: /во[йи]т|войд|вход|вош[её]?л/iu,
      banned: word('залогин'),
      except: ['appLinkFailed'], // "You are still signed in": «Вы по-прежнему авторизованы»
    },
    account: { word: 'аккаунт', forms: /аккаунт/iu, banned: /учётн|учетн/iu },
  },
  tr: {
    credits: { word: 'kredi', forms: /kredi/iu },
    subscription: { word: 'abonelik', forms: /abonel|aboneliğ/iu, banned: word('üyelik') },
    plan: { word: 'plan', forms: word('plan') },
    design: { word: 'tasarım', forms: /tasarım/iu },
    signIn: { word: 'giriş yap', forms: /giriş/iu, banned: word('oturum aç') },
    account: { word: 'hesap', forms: /hesa[pb]/iu },
  },
  uk: {
    credits: { word: 'кредити', forms: /кредит/iu },
    subscription: { word: 'підписка', forms: /підписк/iu },
    plan: { word: 'тариф', forms: /тариф/iu, banned: word('план') },
    design: { word: 'проєкт', forms: /проєкт/iu, banned: word('проект|дизайн') },
    signIn: {
      word: 'увійти',
      forms: /[ув]вій[тдш]|вхід|вход/iu,
      except: ['appLinkFailed'], // "You are still signed in": «Ви все ще авторизовані»
    },
    account: {
      word: 'акаунт',
      forms: /акаунт/iu,
      banned: /обліков/iu,
      except: ['requestAccountDeletion'], // "Request Account Deletion" under "Delete account": «Надіслати запит на видалення»
    },
  },
  'zh-CN': {
    credits: { word: '积分', forms: /积分/u, banned: /点数|信用/u },
    subscription: { word: '订阅', forms: /订阅/u },
    plan: { word: '套餐', forms: /套餐/u, banned: /计划/u },
    design: { word: '设计', forms: /设计/u },
    signIn: { word: '登录', forms: /登录/u, banned: /登陆|登入/u },
    account: { word: '账户', forms: /账户/u, banned: /帐户|账号|帐号/u },
  },
};
