;;; e2e.el --- mdscheck through Eglot in batch Emacs  -*- lexical-binding: t; -*-

;;; Commentary:

;; Run by e2e_test.go as `emacs --batch -l test/e2e.el', with HOME a fresh
;; directory, the freshly built mdscheck first on PATH, and
;;
;;   MDSCHECK_E2E_INIT   the init file under test (a block of docs/editors.md)
;;   MDSCHECK_E2E_MODE   yaml-mode, or yaml-ts-mode (Emacs 29+; on Emacs 28
;;                       a stand-in of that name, since only the mode's
;;                       name and hook matter to the setup)
;;   MDSCHECK_E2E_FILE   a manifest with mistakes
;;   MDSCHECK_E2E_STEPS  all; diagnostics for the first step alone; or
;;                       missing, with no server program to run
;;   MDSCHECK_E2E_OTHER  another YAML file (for missing)
;;   MDSCHECK_E2E_HOVER_LINE, _FIX_LINE, _COMPLETE_LINE   0-based lines
;;   MDSCHECK_E2E_OUT    where to write what a user would see, as JSON
;;
;; Batch Emacs starts without packages and init file and never runs a
;; command loop, so this script does what an interactive start and the
;; user's keys would: activate the packages, load the init file, and run
;; `post-command-hook' after each step, which is where `eglot-ensure'
;; connects and Flymake starts.  Every wait is bounded: a broken server
;; ends the run with an error in the results, not a hang.

;;; Code:

(require 'cl-lib)
(require 'json)
(require 'subr-x)

(defconst e2e-timeout 15 "Seconds any one wait may take.")

(defvar e2e-results nil "What the user would see, as an alist, written as JSON.")

(defun e2e-put (key value)
  "Record VALUE under KEY in the results."
  (setf (alist-get key e2e-results) value))

(defun e2e-env (name)
  "The value of the environment variable MDSCHECK_E2E_NAME; an error if unset."
  (or (getenv (concat "MDSCHECK_E2E_" name))
      (error "MDSCHECK_E2E_%s is not set" name)))

(defun e2e-command ()
  "Stand for one command of the user: the hooks around it."
  (run-hooks 'pre-command-hook)
  (run-hooks 'post-command-hook))

(defun e2e-idle ()
  "Stand for the user pausing: run the idle timers.
Batch Emacs never runs them by itself, and Eglot sends the changes of
the buffer (didChange) and Flymake checks again from idle timers."
  (dolist (timer (copy-sequence timer-idle-list))
    (timer-event-handler timer)))

(defun e2e-wait (what pred)
  "Wait until PRED returns non-nil, and return that; an error naming WHAT after `e2e-timeout'.
The user waits without typing, so idle timers run meanwhile."
  (let ((deadline (+ (float-time) e2e-timeout))
        value)
    (while (and (not (setq value (funcall pred)))
                (< (float-time) deadline))
      (e2e-idle)
      (accept-process-output nil 0.02))
    (or value (error "Timed out after %d s waiting for %s" e2e-timeout what))))

(defun e2e-ms (start)
  "Milliseconds since START, a `float-time'."
  (/ (round (* 10000 (- (float-time) start))) 10.0))

(defun e2e-code (diagnostic)
  "The rule of DIAGNOSTIC: the code of the LSP diagnostic Eglot keeps in it.
Eglot versions differ in how they put it into the text."
  (plist-get (alist-get 'eglot-lsp-diag (flymake-diagnostic-data diagnostic)) :code))

(defun e2e-diagnostics ()
  "The Flymake diagnostics of the current buffer, as the user sees them."
  (vconcat
   (mapcar (lambda (d)
             (save-excursion
               (goto-char (flymake-diagnostic-beg d))
               `((line . ,(1- (line-number-at-pos)))
                 (col . ,(current-column))
                 (type . ,(symbol-name (flymake-diagnostic-type d)))
                 (code . ,(e2e-code d))
                 (text . ,(flymake-diagnostic-text d)))))
           (sort (flymake-diagnostics)
                 (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b)))))))

(defun e2e-has (rule &optional type)
  "Whether a diagnostic of RULE (and of TYPE, when given) is shown."
  (cl-some (lambda (d)
             (and (equal rule (e2e-code d))
                  (or (null type) (eq type (flymake-diagnostic-type d)))))
           (flymake-diagnostics)))

(defun e2e-goto (line column)
  "Move point to 0-based LINE and COLUMN."
  (goto-char (point-min))
  (forward-line line)
  (move-to-column column))

(defun e2e-line (line)
  "The text of 0-based LINE."
  (save-excursion
    (e2e-goto line 0)
    (buffer-substring-no-properties (line-beginning-position) (line-end-position))))

(defun e2e-eldoc ()
  "The documentation ElDoc gathers at point: what the echo area and
\\[eldoc-doc-buffer] show, which for Eglot is the server's hover."
  (let (docs)
    (run-hook-wrapped 'eldoc-documentation-functions
                      (lambda (f)
                        (let ((r (funcall f (lambda (doc &rest _) (when doc (push doc docs))))))
                          (when (stringp r) (push r docs)))
                        nil))
    (e2e-wait "hover" (lambda () docs))
    (string-join docs "\n")))

(defun e2e-completions ()
  "The candidates `completion-at-point' offers at point."
  (let ((capf (run-hook-wrapped 'completion-at-point-functions
                                (lambda (f) (funcall f)))))
    (unless capf (error "No completion at point"))
    (cl-destructuring-bind (start end table &rest _) capf
      (all-completions (buffer-substring-no-properties start end) table))))

(defun e2e-settings (unknown-fields)
  "Set unknownFields to UNKNOWN-FIELDS as the docs say, and tell the server."
  (setq-default eglot-workspace-configuration
                `(:mdscheck (:unknownFields ,unknown-fields)))
  (eglot-signal-didChangeConfiguration (eglot-current-server)))

(cl-defun e2e-main ()
  "Set Emacs up as the user has it, open the manifest, and record."
  ;; An interactive Emacs activates the installed packages before it
  ;; reads the init file; batch Emacs does not.
  (package-activate-all)
  (e2e-put 'emacs emacs-version)
  (let ((mode (intern (e2e-env "MODE")))
        missing)
    (unless (locate-library "eglot") (push "eglot" missing))
    (when (and (eq mode 'yaml-mode) (not (fboundp 'yaml-mode))) (push "yaml-mode" missing))
    (when missing
      (e2e-put 'missing (vconcat missing))
      (error "Missing Emacs packages: %s" (string-join missing ", ")))
    (when (and (eq mode 'yaml-ts-mode) (not (fboundp 'yaml-ts-mode)))
      (e2e-put 'stand_in t)
      (define-derived-mode yaml-ts-mode text-mode "YAML"
        "A stand-in for Emacs 29's yaml-ts-mode on Emacs 28."))
    (load (e2e-env "INIT") nil t)
    ;; What Emacs 29+ users have who open YAML in yaml-ts-mode: their
    ;; own auto-mode-alist entry, or mdscheck-setup's.
    (when (eq mode 'yaml-ts-mode)
      (add-to-list 'auto-mode-alist '("\\.ya?ml\\'" . yaml-ts-mode))))

  (when (equal (e2e-env "STEPS") "missing")
    ;; No server program: two YAML files opened, then a moment's wait for
    ;; what the user is told.
    (find-file (e2e-env "FILE"))
    (e2e-command)
    (find-file (e2e-env "OTHER"))
    (e2e-command)
    (let ((deadline (+ (float-time) 0.5)))
      (while (< (float-time) deadline)
        (e2e-idle)
        (accept-process-output nil 0.05)))
    (e2e-put 'servers (if (and (featurep 'eglot) (eglot-current-server)) 1 0))
    (cl-return-from e2e-main))

  ;; 1. Open the manifest: the server starts and Flymake shows its findings.
  (let ((start (float-time)))
    (find-file (e2e-env "FILE"))
    (e2e-put 'mode (symbol-name major-mode))
    (e2e-command)
    (e2e-wait "eglot to connect" (lambda () (and (featurep 'eglot) (eglot-current-server))))
    (e2e-command)
    (e2e-wait "diagnostics" (lambda () (and (e2e-has "unknown-field") (e2e-has "type"))))
    (e2e-put 'diagnostics (e2e-diagnostics))
    (push (cons 'open_to_diagnostics (e2e-ms start)) (alist-get 'ms e2e-results)))

  (when (equal (e2e-env "STEPS") "all")
    (let ((hover-line (string-to-number (e2e-env "HOVER_LINE")))
          (fix-line (string-to-number (e2e-env "FIX_LINE")))
          (complete-line (string-to-number (e2e-env "COMPLETE_LINE")))
          start)
      ;; 2. Hover on a member, through ElDoc.
      (e2e-goto hover-line 3)
      (setq start (float-time))
      (e2e-put 'hover (e2e-eldoc))
      (push (cons 'hover (e2e-ms start)) (alist-get 'ms e2e-results))

      ;; 3. Settings: unknown fields as warnings, and back, as the docs say.
      (setq start (float-time))
      (e2e-settings "warning")
      (e2e-wait "unknown-field as a warning" (lambda () (e2e-has "unknown-field" 'eglot-warning)))
      (push (cons 'settings_to_diagnostics (e2e-ms start)) (alist-get 'ms e2e-results))
      (e2e-put 'after_settings (e2e-diagnostics))
      (e2e-settings "error")
      (e2e-wait "unknown-field as an error again" (lambda () (e2e-has "unknown-field" 'eglot-error)))

      ;; 4. The quick fix on the misspelt member: M-x eglot-code-actions,
      ;; and the first action of the menu picked. (eglot-code-action-quickfix
      ;; does nothing in eglot 1.9: it forgets to execute what it finds.)
      (e2e-goto fix-line 4)
      (let ((before (e2e-line fix-line))
            (last-nonmenu-event ?\r) ; a key, not a mouse click: the menu is completing-read
            actions)
        (setq start (float-time))
        (cl-letf (((symbol-function 'completing-read)
                   (lambda (_prompt collection &rest _)
                     (setq actions (all-completions "" collection))
                     (car actions))))
          (call-interactively #'eglot-code-actions))
        (e2e-put 'actions (vconcat actions))
        (e2e-wait "the quick fix to change the buffer" (lambda () (not (equal before (e2e-line fix-line))))))
      (e2e-put 'fixed_line (e2e-line fix-line))
      (e2e-command)
      (e2e-wait "the unknown-field diagnostic to go" (lambda () (not (e2e-has "unknown-field"))))
      (push (cons 'fix_to_diagnostics (e2e-ms start)) (alist-get 'ms e2e-results))
      (e2e-put 'after_fix (e2e-diagnostics))

      ;; 5. Completion while typing a member under spec.
      (e2e-goto complete-line 0)
      (insert "  maint\n")
      (forward-line -1)
      (end-of-line)
      (e2e-command)
      (setq start (float-time))
      (e2e-put 'completion (vconcat (e2e-completions)))
      (push (cons 'completion (e2e-ms start)) (alist-get 'ms e2e-results)))))

(defun e2e-run ()
  "Run `e2e-main', record its error if any, write the results, and exit."
  (condition-case err
      (e2e-main)
    (error (e2e-put 'error (error-message-string err))))
  (when-let ((buf (get-buffer "*Warnings*")))
    (e2e-put 'warnings (with-current-buffer buf (buffer-string))))
  (let ((server (and (featurep 'eglot) (ignore-errors (eglot-current-server)))))
    (when server (ignore-errors (eglot-shutdown server))))
  (with-temp-file (e2e-env "OUT")
    (insert (json-encode e2e-results)))
  (kill-emacs 0))

(e2e-run)

;;; e2e.el ends here
