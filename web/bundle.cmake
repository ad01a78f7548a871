# Run by web/CMakeLists.txt (cmake -P): copies the page's files from
# SOURCE_DIR to OUTPUT_DIR, installs the npm packages of package-lock.json
# into NPM_DIR (npm ci, only when the lockfile changed) and copies the board
# (cm-chessboard's modules, styles and piece sprites) to OUTPUT_DIR/vendor.
# Without npm, or when npm ci fails (no network), the page is copied without
# the board and the build goes on; the page says that the board is missing.
file(MAKE_DIRECTORY ${OUTPUT_DIR})
file(COPY ${SOURCE_DIR}/ DESTINATION ${OUTPUT_DIR}
     FILES_MATCHING PATTERN "*.html" PATTERN "*.css" PATTERN "*.js" PATTERN "*.svg"
     PATTERN "node_modules" EXCLUDE)

set(installed ${NPM_DIR}/node_modules/.package-lock.json)
if(NPM)
  file(MAKE_DIRECTORY ${NPM_DIR})
  if(NOT EXISTS ${installed} OR ${SOURCE_DIR}/package-lock.json IS_NEWER_THAN ${installed})
    configure_file(${SOURCE_DIR}/package.json ${NPM_DIR}/package.json COPYONLY)
    configure_file(${SOURCE_DIR}/package-lock.json ${NPM_DIR}/package-lock.json COPYONLY)
    message(STATUS "npm ci in ${NPM_DIR}")
    execute_process(COMMAND ${NPM} ci --no-audit --no-fund --loglevel=error
                    WORKING_DIRECTORY ${NPM_DIR} RESULT_VARIABLE npm_result)
    if(NOT npm_result EQUAL 0)
      message(WARNING "npm ci failed (${npm_result}): the page is served without its board, "
                      "and the browser tests will be skipped")
    endif()
  endif()
endif()

set(board ${NPM_DIR}/node_modules/cm-chessboard)
if(EXISTS ${board}/src/Chessboard.js)
  file(REMOVE_RECURSE ${OUTPUT_DIR}/vendor/cm-chessboard)
  file(COPY ${board}/src ${board}/assets ${board}/LICENSE DESTINATION ${OUTPUT_DIR}/vendor/cm-chessboard
       PATTERN "*.scss" EXCLUDE PATTERN "*.map" EXCLUDE)
endif()
file(TOUCH ${STAMP})
