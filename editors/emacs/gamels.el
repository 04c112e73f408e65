;;; gamels.el --- Pousse, Spot and PATH transcripts with the gamels language server -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: languages, games

;;; Commentary:

;; Major modes for game transcripts of three contest board games, Pousse
;; (.pousse), Spot (.spot) and PATH (.path), with `#' comments and
;; highlighting, and an eglot registration that runs `gamels serve'.
;;
;;   (add-to-list 'load-path "/path/to/gamels/editors/emacs")
;;   (require 'gamels)
;;   (add-hook 'pousse-mode-hook #'eglot-ensure)
;;   (add-hook 'spot-mode-hook #'eglot-ensure)
;;   (add-hook 'path-mode-hook #'eglot-ensure)
;;
;; The mode names make eglot send the language ids pousse, spot and path.

;;; Code:

(require 'eglot)

(defgroup gamels nil
  "Pousse, Spot and PATH transcripts."
  :group 'languages)

(defcustom gamels-server-program "gamels"
  "The gamels binary; `gamels serve' is the language server."
  :type 'string)

(defcustom gamels-pousse-rules "contest"
  "Rule set for Pousse games: \"contest\" (UVa 844) or \"icfp\" (ICFP 1998).
A file's own `# rules:' line wins.  Sent as initializationOptions."
  :type '(choice (const "contest") (const "icfp")))

(defconst gamels--token-end "\\(?:[ \t\n]\\|#\\|$\\)")

(defconst gamels--pousse-font-lock
  `(("^[ \t]*\\(#\\)[ \t]*\\(rules\\)[ \t]*:[ \t]*\\(icfp\\|contest\\)\\_>"
     (2 font-lock-preprocessor-face t) (3 font-lock-constant-face t))
    (,(concat "\\(?:^\\|[ \t]\\)\\([LRTB]\\)\\([0-9]+\\)" "\\(?=" gamels--token-end "\\)")
     (1 font-lock-keyword-face) (2 font-lock-constant-face))
    (,(concat "\\(?:^\\|[ \t]\\)\\(QUIT\\)\\(?=" gamels--token-end "\\)")
     (1 font-lock-builtin-face))
    (,(concat "\\(?:^\\|[ \t]\\)\\([0-9]+\\)\\(?=" gamels--token-end "\\)")
     (1 font-lock-constant-face)))
  "Highlighting of Pousse transcripts.")

(defconst gamels--spot-font-lock
  `(("^[ \t]*\\(0\\)[ \t]*\\(?:#.*\\)?$" (1 font-lock-builtin-face))
    (,(concat "\\(?:^\\|[ \t]\\)\\(\\+\\)\\(?=" gamels--token-end "\\)")
     (1 font-lock-string-face))
    (,(concat "\\(?:^\\|[ \t]\\)\\(-\\)\\(?=" gamels--token-end "\\)")
     (1 font-lock-warning-face))
    (,(concat "\\(?:^\\|[ \t]\\)\\([0-9]+\\)\\(?=" gamels--token-end "\\)")
     (1 font-lock-constant-face)))
  "Highlighting of Spot transcripts.")

(defconst gamels--path-font-lock
  `(("^[ \t]*\\(0\\)[ \t]*\\(?:#.*\\)?$" (1 font-lock-builtin-face))
    (,(concat "\\(?:^\\|[ \t]\\)\\([0-9]+\\)\\(?=" gamels--token-end "\\)")
     (1 font-lock-constant-face))
    ("W" (0 font-lock-string-face))
    ("B" (0 font-lock-keyword-face))
    ("U" (0 font-lock-comment-delimiter-face)))
  "Highlighting of PATH boards.")

(defvar gamels--syntax-table
  (let ((st (make-syntax-table)))
    (modify-syntax-entry ?# "<" st)
    (modify-syntax-entry ?\n ">" st)
    (modify-syntax-entry ?+ "_" st)
    (modify-syntax-entry ?- "_" st)
    st)
  "Syntax table of the gamels modes: `#' starts a comment.")

(defun gamels--common-setup (keywords)
  "Set up comments and highlighting with KEYWORDS."
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local comment-end "")
  (setq-local font-lock-defaults (list keywords)))

;;;###autoload
(define-derived-mode pousse-mode prog-mode "Pousse"
  "Major mode for Pousse transcripts (.pousse)."
  :syntax-table gamels--syntax-table
  (gamels--common-setup gamels--pousse-font-lock))

;;;###autoload
(define-derived-mode spot-mode prog-mode "Spot"
  "Major mode for Spot transcripts (.spot)."
  :syntax-table gamels--syntax-table
  (gamels--common-setup gamels--spot-font-lock))

;;;###autoload
(define-derived-mode path-mode prog-mode "PATH"
  "Major mode for PATH boards (.path)."
  :syntax-table gamels--syntax-table
  (gamels--common-setup gamels--path-font-lock))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.pousse\\'" . pousse-mode))
;;;###autoload
(add-to-list 'auto-mode-alist '("\\.spot\\'" . spot-mode))
;;;###autoload
(add-to-list 'auto-mode-alist '("\\.path\\'" . path-mode))

(defun gamels--contact (_interactive)
  "The eglot contact for gamels: the command and the settings."
  (list gamels-server-program "serve"
        :initializationOptions
        (list :gamels (list :pousse (list :rules gamels-pousse-rules)))))

(add-to-list 'eglot-server-programs
             '((pousse-mode spot-mode path-mode) . gamels--contact))

(provide 'gamels)
;;; gamels.el ends here
