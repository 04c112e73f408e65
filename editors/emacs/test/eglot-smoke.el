;;; eglot-smoke.el --- try gamels.el and eglot against the real server -*- lexical-binding: t; -*-

;; Usage (from the repository root):
;;   GAMELS_BIN=/tmp/gamels emacs --batch -Q -L editors/emacs \
;;     -l editors/emacs/test/eglot-smoke.el
;; Opens a Pousse transcript with a malformed move and a winning move,
;; starts eglot, waits for the diagnostics and asks for a hover. Prints what
;; it saw; exits 1 when the error, the verdict or the board is missing.

(require 'gamels)
(require 'flymake)
(require 'subr-x)

(defvar smoke-failures 0)
(defun smoke-check (ok what &optional detail)
  (princ (format "%s %s%s\n" (if ok "ok  " "FAIL") what
                 (if (and detail (not ok)) (format "\n     %s" detail) "")))
  (unless ok (setq smoke-failures (1+ smoke-failures))))

(let* ((bin (or (getenv "GAMELS_BIN") (error "GAMELS_BIN is not set")))
       (dir (make-temp-file "gamels-eglot-" t))
       (file (expand-file-name "smoke.pousse" dir)))
  (setq gamels-server-program bin)
  (with-temp-file file
    (insert "# eglot smoke test\n4\nL2\nT2\nL2\nB2\nR2\nT1\nL2\nQUIT\n4\nL2\nX9\nT2\nQUIT\n"))
  (find-file file)
  (smoke-check (eq major-mode 'pousse-mode) "pousse-mode from auto-mode-alist" major-mode)
  (smoke-check (equal comment-start "# ") "comment-start is \"# \"" comment-start)
  (eglot-ensure)
  ;; eglot-ensure starts the server from post-command-hook; run it.
  (run-hooks 'post-command-hook)
  (let ((deadline (+ (float-time) 20)) diags)
    (while (and (< (float-time) deadline)
                (progn
                  (setq diags (flymake-diagnostics))
                  (< (length diags) 2)))
      (accept-process-output nil 0.1))
    (smoke-check (eglot-current-server) "eglot connected to gamels serve")
    (dolist (d diags)
      (princ (format "     line %d: %s: %s\n"
                     (line-number-at-pos (flymake-diagnostic-beg d))
                     (flymake-diagnostic-type d)
                     (flymake-diagnostic-text d))))
    (smoke-check
     (seq-find (lambda (d) (and (= (line-number-at-pos (flymake-diagnostic-beg d)) 13)
                                (eq (flymake-diagnostic-type d) 'eglot-error)))
               diags)
     "an error on line 13 (X9)")
    (smoke-check
     (seq-find (lambda (d) (and (= (line-number-at-pos (flymake-diagnostic-beg d)) 9)
                                (string-match-p "X WINS" (flymake-diagnostic-text d))))
               diags)
     "X WINS on line 9"))
  (goto-char (point-min))
  (forward-line 8)
  (let* ((server (eglot-current-server))
         (hover (and server
                     (jsonrpc-request server :textDocument/hover
                                      (eglot--TextDocumentPositionParams))))
         (contents (plist-get hover :contents))
         (text (cond ((stringp contents) contents)
                     ((plist-get contents :value))
                     (t (format "%S" contents)))))
    (princ (format "     hover on line 9:\n%s\n" text))
    (smoke-check (and text (string-match-p "\\+-\\+" text) (string-match-p "X" text))
                 "hover shows the board" text))
  (ignore-errors (eglot-shutdown (eglot-current-server)))
  (delete-directory dir t)
  (princ (format "%s\n" (if (zerop smoke-failures) "eglot smoke: all checks passed"
                          (format "eglot smoke: %d checks failed" smoke-failures))))
  (kill-emacs (if (zerop smoke-failures) 0 1)))
