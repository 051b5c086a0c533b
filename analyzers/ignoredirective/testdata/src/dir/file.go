//reconcilelint:file-ignore RL2001 this file has no writes // want `ignoredirective: //reconcilelint:file-ignore RL2001 suppresses nothing: no finding of RL2001 in this file; delete it`

package dir

//reconcilelint:file-ignore * generated code, reviewed upstream // want `ignoredirective: //reconcilelint:file-ignore \* suppresses nothing`
